import { useEffect } from 'react';
import type { OutboxEntryView } from '../../../shared/model/outbox.ts';
import { useOutbox } from '../../stores/outbox-store.ts';
import { Modal } from '../common/modal.tsx';
import { WriteActions } from './write-actions.tsx';

function EntryRow({ entry, title }: { entry: OutboxEntryView; title: string | undefined }) {
  const failed = entry.state === 'failed';
  return (
    <li className={`unsent-entry${failed ? ' failed' : ''}`}>
      <div className="unsent-text">
        <span className="unsent-summary">{entry.summary}</span>
        {title && <span className="hint"> in {title}</span>}
        <p className={failed ? 'unsent-error' : 'hint'}>
          {failed ? entry.error : 'Waiting to be sent.'}
        </p>
      </div>
      <div className="unsent-actions">
        <WriteActions entry={entry} />
      </div>
    </li>
  );
}

/**
 * Every change the server has not confirmed, whatever it was: the failed ones
 * first, each with Retry and Discard; those still waiting can be discarded.
 */
export function UnsentChangesDialog({ onClose }: { onClose(): void }) {
  const entries = useOutbox((s) => s.entries);
  const titles = useOutbox((s) => s.titles);
  useEffect(() => {
    void useOutbox.getState().refresh();
  }, []);
  return (
    <Modal title="Changes not sent" onClose={onClose} className="unsent-changes">
      {entries.length === 0 ? (
        <p>Every change has been sent.</p>
      ) : (
        <>
          <p className="hint">
            Retry sends a change again; Discard drops it and puts back what it changed here.
          </p>
          <ul className="unsent-list">
            {entries.map((entry) => (
              <EntryRow
                key={entry.id}
                entry={entry}
                title={entry.conversationId ? titles[entry.conversationId] : undefined}
              />
            ))}
          </ul>
        </>
      )}
      <div className="dialog-actions">
        <button type="button" className="button secondary" data-autofocus onClick={onClose}>
          Close
        </button>
      </div>
    </Modal>
  );
}
