import { copyKept } from '../../stores/kept-unsent-actions.ts';
import { dismissKept, useKeptUnsent } from '../../stores/kept-unsent-store.ts';
import { useUi } from '../../stores/ui-store.ts';

/**
 * Text written in a conversation that was deleted elsewhere before it went
 * out: never dropped, it waits here to be copied, sent in another
 * conversation or dismissed.
 */
export function KeptUnsent() {
  const items = useKeptUnsent((s) => s.items);
  const openDialog = useUi((s) => s.openDialog);
  if (items.length === 0) return null;
  return (
    <section className="kept-unsent" aria-label="Not sent, kept for you">
      {items.map((item) => (
        <div
          key={item.id}
          className="kept-item"
          role="group"
          aria-label={`Not sent to ${item.conversationTitle}`}
        >
          <p>
            <strong>Not sent.</strong> {item.conversationTitle} was deleted elsewhere before this
            went out.
          </p>
          <blockquote className="kept-text">{item.text}</blockquote>
          <div className="form-row">
            <button
              type="button"
              className="button primary small"
              onClick={() => openDialog({ kind: 'move-kept', item })}
            >
              Send elsewhere…
            </button>
            <button type="button" className="button secondary small" onClick={() => copyKept(item)}>
              Copy
            </button>
            <button
              type="button"
              className="button secondary small"
              onClick={() => void dismissKept(item.id)}
            >
              Dismiss
            </button>
          </div>
        </div>
      ))}
    </section>
  );
}
