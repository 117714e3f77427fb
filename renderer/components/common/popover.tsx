import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

export type PopoverAnchor = { x: number; y: number } | HTMLElement;

/**
 * A floating panel by an anchor (below a button, or at a point), kept inside
 * the window. A click outside, a window blur or resize, or Esc closes it, and
 * the focus goes back where it was. `focusFirst` names what takes the focus.
 */
export function Popover({
  anchor,
  onClose,
  focusFirst,
  children,
  ...panel
}: {
  anchor: PopoverAnchor;
  onClose(): void;
  focusFirst: string;
  children: ReactNode;
} & React.HTMLAttributes<HTMLDivElement>) {
  const ref = useRef<HTMLDivElement>(null);
  // The latest onClose, so a parent re-render does not tear the listeners down.
  const close = useRef(onClose);
  useLayoutEffect(() => {
    close.current = onClose;
  });
  const [position, setPosition] = useState({ left: -9999, top: -9999 });
  // Read before the panel takes the focus below: a menu opened from the keyboard at a
  // point (Shift+F10 on a conversation row) gives it back to the row's list, not to the page.
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    opener.current = document.activeElement as HTMLElement | null;
  }, []);

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    // Placed again whenever the panel grows (a picker opening inside it).
    const place = () => {
      const { offsetWidth: width, offsetHeight: height } = element;
      let point = anchor instanceof HTMLElement ? null : anchor;
      if (anchor instanceof HTMLElement) {
        const rect = anchor.getBoundingClientRect();
        const below = rect.bottom + 4 + height <= window.innerHeight - 8;
        point = { x: rect.right - width, y: below ? rect.bottom + 4 : rect.top - 4 - height };
      }
      setPosition({
        left: Math.max(8, Math.min(point!.x, window.innerWidth - width - 8)),
        top: Math.max(8, Math.min(point!.y, window.innerHeight - height - 8)),
      });
    };
    place();
    element.querySelector<HTMLElement>(focusFirst)?.focus();
    const resized = new ResizeObserver(place);
    resized.observe(element);
    return () => resized.disconnect();
  }, [anchor, focusFirst]);

  useEffect(() => {
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
      else opener.current?.focus?.();
    };
  }, [anchor]);

  return createPortal(
    <div
      {...panel}
      ref={ref}
      style={position}
      onKeyDown={(event) => {
        panel.onKeyDown?.(event);
        if (event.defaultPrevented || event.key !== 'Escape') return;
        event.preventDefault();
        event.stopPropagation();
        onClose();
      }}
      onContextMenu={(event) => event.preventDefault()}
    >
      {children}
    </div>,
    document.body,
  );
}
