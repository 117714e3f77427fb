import type { OutboxEntryView } from '../../../shared/model/outbox.ts';
import { discardWrite, retryWrite } from '../../stores/outbox-store.ts';

/** Retry (on a failed write) and Discard (unless it is on its way right now), wherever one is listed. */
export function WriteActions({ entry }: { entry: OutboxEntryView }) {
  return (
    <>
      {entry.state === 'failed' && (
        <button
          type="button"
          className="button secondary small"
          onClick={() => void retryWrite(entry.id)}
        >
          Retry
        </button>
      )}
      {entry.state !== 'in-flight' && (
        <button
          type="button"
          className="button secondary small"
          onClick={() => void discardWrite(entry.id)}
        >
          Discard
        </button>
      )}
    </>
  );
}
