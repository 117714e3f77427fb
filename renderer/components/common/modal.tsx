import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Icon } from './icon.tsx';

/**
 * A modal on the native <dialog>: the browser traps focus, puts the rest of the
 * page out of reach and turns Esc into `cancel`, which closes it.
 */
export function Modal({
  title,
  onClose,
  children,
  className = '',
  describedBy,
}: {
  title: string;
  onClose(): void;
  children: ReactNode;
  className?: string;
  describedBy?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    const opener = document.activeElement as HTMLElement | null;
    dialog?.showModal();
    // showModal focuses the first focusable element (the close button); the dialog's own
    // field or its safe choice should have the focus instead. The marked one is looked for
    // first: one selector list would give the first match in page order, a radio above it.
    (
      dialog?.querySelector<HTMLElement>('[data-autofocus]:not([data-autofocus="false"])') ??
      dialog?.querySelector<HTMLElement>('input, textarea, select')
    )?.focus();
    return () => {
      dialog?.close();
      opener?.focus?.();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className={`modal ${className}`}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onMouseDown={(event) => {
        if (event.target === ref.current) onClose();
      }}
    >
      <div className="modal-body">
        <header className="modal-header">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="icon-button" aria-label="Close" onClick={onClose}>
            <Icon name="close" />
          </button>
        </header>
        {children}
      </div>
    </dialog>
  );
}
