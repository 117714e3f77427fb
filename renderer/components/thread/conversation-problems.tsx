import { useId, useState } from 'react';
import type { ConversationSummary } from '../../../shared/model/conversation.ts';
import { LIMITS } from '../../../shared/model/limits.ts';
import type { OutboxEntryView, OutboxKind } from '../../../shared/model/outbox.ts';
import {
  discardWrite,
  retargetConversation,
  retryWrite,
  useOutbox,
} from '../../stores/outbox-store.ts';
import { WriteActions } from '../outbox/write-actions.tsx';

/** Writes shown on their message in the thread (with Retry and Discard there). */
const SHOWN_ON_MESSAGE = new Set<OutboxKind>([
  'send',
  'edit',
  'react',
  'attachments',
  'pin-message',
]);

function RefusedCreation({
  conversation,
  entry,
}: {
  conversation: ConversationSummary;
  entry: OutboxEntryView;
}) {
  const group = conversation.groupId !== null;
  const [changing, setChanging] = useState(false);
  const [id, setId] = useState(conversation.groupId ?? conversation.contactId ?? '');
  const fieldId = useId();
  const what = group ? 'group id' : 'contact id';
  return (
    <div className="conversation-problem" role="alert">
      <p>
        <strong>This conversation was not started.</strong> {entry.error} Nothing written here has
        been sent.
      </p>
      {changing ? (
        <form
          className="form-row"
          onSubmit={(event) => {
            event.preventDefault();
            const next = id.trim();
            if (next)
              void retargetConversation(
                conversation.id,
                group ? { groupId: next } : { contactId: next },
              );
          }}
        >
          <label htmlFor={fieldId}>{group ? 'Group id' : 'Contact id'}</label>
          <input
            id={fieldId}
            autoFocus
            spellCheck={false}
            value={id}
            maxLength={LIMITS.idLength}
            onChange={(event) => setId(event.target.value)}
          />
          <button type="submit" className="button primary small" disabled={!id.trim()}>
            Start with this id
          </button>
          <button
            type="button"
            className="button secondary small"
            onClick={() => setChanging(false)}
          >
            Cancel
          </button>
        </form>
      ) : (
        <div className="form-row">
          <button type="button" className="button primary small" onClick={() => setChanging(true)}>
            Change the {what}
          </button>
          <button
            type="button"
            className="button secondary small"
            onClick={() => void retryWrite(entry.id)}
          >
            Try again
          </button>
          <button
            type="button"
            className="button secondary small"
            onClick={() => void discardWrite(entry.id)}
          >
            Discard the conversation
          </button>
        </div>
      )}
    </div>
  );
}

/**
 * Failed changes to the conversation itself (starting it, pinning, muting,
 * archiving, deleting a message), which no message in the thread can show.
 */
export function ConversationProblems({ conversation }: { conversation: ConversationSummary }) {
  const entries = useOutbox((s) => s.entries);
  const failed = entries.filter(
    (entry) =>
      entry.conversationId === conversation.id &&
      entry.state === 'failed' &&
      !SHOWN_ON_MESSAGE.has(entry.kind),
  );
  if (failed.length === 0) return null;
  const creation = failed.find((entry) => entry.kind === 'create-conversation');
  if (creation) return <RefusedCreation conversation={conversation} entry={creation} />;
  return (
    <ul className="conversation-problem" aria-label="Changes not sent">
      {failed.map((entry) => (
        <li key={entry.id} className="form-row">
          <span>
            <strong>Not sent:</strong> {entry.summary}. {entry.error}
          </span>
          <WriteActions entry={entry} />
        </li>
      ))}
    </ul>
  );
}
