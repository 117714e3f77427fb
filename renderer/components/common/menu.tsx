import { useId, useState, type ReactNode } from 'react';
import { Popover, type PopoverAnchor } from './popover.tsx';

export type MenuEntry =
  { label: string; onSelect(): void; danger?: boolean; checked?: boolean } | 'separator';

export type MenuAnchor = PopoverAnchor;

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
  const move = (event: React.KeyboardEvent<HTMLDivElement>) => {
    const items = Array.from(
      event.currentTarget.querySelectorAll<HTMLElement>('[role^="menuitem"]'),
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
      case 'Tab':
        onClose();
        break;
      default:
        return;
    }
    event.preventDefault();
    event.stopPropagation();
  };

  return (
    <Popover
      anchor={anchor}
      onClose={onClose}
      focusFirst='[role^="menuitem"]'
      id={id}
      role="menu"
      aria-label={label}
      className={className}
      onKeyDown={move}
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
    </Popover>
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
