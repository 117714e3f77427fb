import type { ConversationCounts, ConversationFilter } from '../../../shared/model/conversation.ts';
import { plural } from '../../lib/format.ts';
import { useConversationList } from '../../stores/conversation-list-store.ts';

const FILTERS: { filter: ConversationFilter; label: string }[] = [
  { filter: 'all', label: 'All' },
  { filter: 'unread', label: 'Unread' },
  { filter: 'pinned', label: 'Pinned' },
  { filter: 'muted', label: 'Muted' },
  { filter: 'archived', label: 'Archived' },
];

/**
 * All, unread (with how many conversations), pinned, muted, archived (with
 * how many of its conversations are unread, as WhatsApp shows it) and per group.
 */
export function ListFilters() {
  const filter = useConversationList((s) => s.filter);
  const groupId = useConversationList((s) => s.groupId);
  const counts = useConversationList((s) => s.counts);
  const setFilter = useConversationList((s) => s.setFilter);
  const groups = counts?.groups ?? [];

  return (
    <div className="list-filters" role="group" aria-label="Show conversations">
      {FILTERS.map(({ filter: value, label }) => {
        const count = chipCount(value, counts);
        return (
          <button
            key={value}
            type="button"
            className="chip"
            aria-pressed={filter === value && groupId === null}
            aria-label={count ? `${label}, ${count.words}` : label}
            onClick={() => setFilter(value)}
          >
            {label}
            {count && <span className="chip-count">{count.shown}</span>}
          </button>
        );
      })}
      {groups.length > 0 && (
        <select
          className="group-select"
          aria-label="Group"
          value={groupId ?? ''}
          onChange={(event) => setFilter('all', event.target.value || null)}
        >
          <option value="">All groups</option>
          {groups.map((group) => (
            <option key={group.groupId} value={group.groupId}>
              {[
                group.title,
                group.archived ? '(archived)' : null,
                group.unread > 0 ? `(${group.unread} unread)` : null,
              ]
                .filter(Boolean)
                .join(' ')}
            </option>
          ))}
        </select>
      )}
    </div>
  );
}

/** The number a chip shows, and what it counts in words; none when there is nothing to count. */
function chipCount(filter: ConversationFilter, counts: ConversationCounts | null) {
  const unread =
    filter === 'unread' ? counts?.unread : filter === 'archived' ? counts?.archivedUnread : 0;
  if (!unread) return null;
  return {
    shown: unread.toLocaleString(),
    words:
      filter === 'unread'
        ? plural(unread, 'conversation')
        : `${unread.toLocaleString()} with unread messages`,
  };
}
