import { useState, type ReactNode } from 'react';
import { Popover } from './popover.tsx';

/**
 * An icon button that opens a small dialog beside itself (a picker), and
 * closes it when pressed again; `children` gets the way to close it once
 * something is picked.
 */
export function PopoverButton({
  label,
  panelLabel,
  panelClass,
  focusFirst,
  icon,
  children,
}: {
  label: string;
  panelLabel: string;
  panelClass: string;
  focusFirst: string;
  icon: ReactNode;
  children(close: () => void): ReactNode;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  return (
    <>
      <button
        type="button"
        className="icon-button"
        aria-label={label}
        title={label}
        aria-haspopup="dialog"
        aria-expanded={anchor !== null}
        onClick={(event) => setAnchor(anchor ? null : event.currentTarget)}
      >
        {icon}
      </button>
      {anchor && (
        <Popover
          anchor={anchor}
          onClose={close}
          focusFirst={focusFirst}
          role="dialog"
          aria-label={panelLabel}
          className={panelClass}
        >
          {children(close)}
        </Popover>
      )}
    </>
  );
}
