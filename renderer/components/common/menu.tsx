import { useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

export type MenuEntry =
  { label: string; onSelect(): void; danger?: boolean; checked?: boolean } | 'separator';

export type MenuAnchor = { x: number; y: number } | HTMLElement;

/**
 * A popup menu with the keyboard behaviour of a desktop menu: arrows and
 * Home/End move, Enter or Space picks, Esc or Tab closes and gives focus back.
 */
export function MenuPopup({
  id,
  className = 'menu',
  label,
  entries,
  anchor,
  onClose,
}: {
  id?: string;
  className?: string;
  label: string;
  entries: MenuEntry[];
  anchor: MenuAnchor;
  onClose(): void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  // The latest onClose, so a parent re-render does not tear the menu's listeners down.
  const close = useRef(onClose);
  useLayoutEffect(() => {
    close.current = onClose;
  });
  const [position, setPosition] = useState({ left: -9999, top: -9999 });

  useLayoutEffect(() => {
    const menu = ref.current;
    if (!menu) return;
    const point =
      anchor instanceof HTMLElement
        ? (() => {
            const rect = anchor.getBoundingClientRect();
            return { x: rect.right - menu.offsetWidth, y: rect.bottom + 4 };
          })()
        : anchor;
    setPosition({
      left: Math.max(8, Math.min(point.x, window.innerWidth - menu.offsetWidth - 8)),
      top: Math.max(8, Math.min(point.y, window.innerHeight - menu.offsetHeight - 8)),
    });
    menu.querySelector<HTMLElement>('[role^="menuitem"]')?.focus();
  }, [anchor]);

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const dismiss = () => close.current();
    const outside = (event: MouseEvent) => {
      if (!ref.current?.contains(event.target as Node)) dismiss();
    };
    document.addEventListener('mousedown', outside);
    window.addEventListener('blur', dismiss);
    window.addEventListener('resize', dismiss);
    return () => {
      document.removeEventListener('mousedown', outside);
      window.removeEventListener('blur', dismiss);
      window.removeEventListener('resize', dismiss);
      if (anchor instanceof HTMLElement) anchor.focus();
      else opener?.focus?.();
    };
  }, [anchor]);

  const move = (event: React.KeyboardEvent) => {
    const items = Array.from(
      ref.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? [],
    );
    const at = items.indexOf(document.activeElement as HTMLElement);
    const go = (index: number) => items[(index + items.length) % items.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowRight':
        go(at + 1);
        break;
      case 'ArrowUp':
      case 'ArrowLeft':
        go(at - 1);
        break;
      case 'Home':
        go(0);
        break;
      case 'End':
        go(items.length - 1);
        break;
      case 'Escape':
      case 'Tab':
        onClose();
        break;
      default:
        return;
    }
    event.preventDefault();
    event.stopPropagation();
  };

  return createPortal(
    <div
      ref={ref}
      id={id}
      role="menu"
      aria-label={label}
      className={className}
      style={position}
      onKeyDown={move}
      onContextMenu={(event) => event.preventDefault()}
    >
      {entries.map((entry, index) =>
        entry === 'separator' ? (
          <div key={`separator-${index}`} role="separator" className="menu-separator" />
        ) : (
          <button
            key={entry.label}
            type="button"
            role={entry.checked === undefined ? 'menuitem' : 'menuitemcheckbox'}
            aria-checked={entry.checked}
            tabIndex={-1}
            className={entry.danger ? 'menu-item danger' : 'menu-item'}
            onClick={() => {
              onClose();
              entry.onSelect();
            }}
          >
            {entry.label}
          </button>
        ),
      )}
    </div>,
    document.body,
  );
}

/** A button that opens a menu below itself. */
export function MenuButton({
  label,
  entries,
  children,
  className = 'icon-button',
}: {
  label: string;
  entries: () => MenuEntry[];
  children: ReactNode;
  className?: string;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  return (
    <>
      <button
        type="button"
        className={className}
        aria-label={label}
        title={label}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        aria-controls={anchor ? menuId : undefined}
        onClick={(event) => setAnchor(anchor ? null : event.currentTarget)}
      >
        {children}
      </button>
      {anchor && (
        <MenuPopup
          id={menuId}
          label={label}
          entries={entries()}
          anchor={anchor}
          onClose={() => setAnchor(null)}
        />
      )}
    </>
  );
}
