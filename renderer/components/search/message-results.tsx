import { useEffect } from 'react';
import type { SearchHit } from '../../../shared/model/message.ts';
import type { SyncStatus } from '../../../shared/model/session.ts';
import { exactTime } from '../../lib/format.ts';
import { ListTime } from '../common/list-time.tsx';
import { summarySender } from '../../lib/conversation-words.ts';
import { useMessageSearch } from '../../stores/message-search.ts';
import { openConversation } from '../../stores/navigation.ts';
import { InlineError } from '../common/fields.tsx';
import { useSession } from '../../stores/session-store.ts';
import { MESSAGE_RESULTS_ID } from './search-box.tsx';

function Snippet({ hit }: { hit: SearchHit }) {
  const parts: React.ReactNode[] = [];
  let at = 0;
  for (const [start, end] of hit.highlights) {
    if (start < at || end <= start) continue;
    parts.push(hit.snippet.slice(at, start));
    parts.push(<mark key={start}>{hit.snippet.slice(start, end)}</mark>);
    at = end;
  }
  parts.push(hit.snippet.slice(at));
  return <span className="hit-snippet">{parts}</span>;
}

/** A message found: its conversation and time, and who wrote what around the match. */
function FoundMessage({ hit }: { hit: SearchHit }) {
  const sender = summarySender(hit);
  return (
    <li>
      <button
        type="button"
        className="hit"
        onClick={() => openConversation(hit.conversationId, hit.messageId)}
      >
        <span className="hit-line">
          <span className="hit-title">{hit.conversationTitle}</span>
          <time
            className="row-time"
            dateTime={new Date(hit.createdAt).toISOString()}
            title={exactTime(hit.createdAt)}
          >
            <ListTime ms={hit.createdAt} />
          </time>
        </span>
        <span className="hit-text">
          {sender !== null && `${sender}: `}
          <Snippet hit={hit} />
        </span>
      </button>
    </li>
  );
}

/** What search may still miss: older messages not fetched yet, or fetched but not indexed yet. */
function historyPending(status: SyncStatus | null): 'fetching' | 'indexing' | null {
  if (status === null) return null;
  if (!status.history.done) return 'fetching';
  return status.history.indexed ? null : 'indexing';
}

/** Full-text results from the core's index; each opens its thread at the message. */
export function MessageResults({ query }: { query: string }) {
  const {
    query: searched,
    hits,
    hasMore,
    error,
    loadingMore,
    search,
    more,
    clear,
  } = useMessageSearch();
  const pending = useSession((s) => historyPending(s.status));

  // The next search starts from nothing, not from the last one's hits.
  useEffect(() => clear, [clear]);

  useEffect(() => {
    void search(query);
    // Searched again once older messages are searchable, so their matches show.
  }, [search, query, pending]);

  return (
    <section
      id={MESSAGE_RESULTS_ID}
      className="message-results"
      aria-label="Messages found"
      aria-busy={loadingMore}
    >
      <h2 className="section-title">Messages</h2>
      <InlineError>{error}</InlineError>
      {pending === 'fetching' && (
        <p className="hint search-history" role="status">
          Older messages are still being fetched; matches among them will show once they arrive.
        </p>
      )}
      {pending === 'indexing' && (
        <p className="hint search-history" role="status">
          Older messages are still being indexed for search; matches among them will show in a
          moment.
        </p>
      )}
      {searched === query && hits.length === 0 && !error && (
        <p className="list-empty">
          No message contains “{query}”. Whole words match best; try fewer or shorter ones.
        </p>
      )}
      <ul className="hits">
        {hits.map((hit) => (
          <FoundMessage key={hit.messageId} hit={hit} />
        ))}
      </ul>
      {hasMore && (
        <button type="button" className="button secondary small" onClick={() => void more()}>
          More results
        </button>
      )}
    </section>
  );
}
