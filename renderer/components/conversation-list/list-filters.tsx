import type { ConversationFilter } from '../../../shared/model/conversation.ts';
import { useConversationList } from '../../stores/conversation-list-store.ts';

const FILTERS: { filter: ConversationFilter; label: string }[] = [
  { filter: 'all', label: 'All' },
  { filter: 'pinned', label: 'Pinned' },
  { filter: 'muted', label: 'Muted' },
  { filter: 'archived', label: 'Archived' },
];

/** All, pinned, muted, archived (with its unread count, as WhatsApp shows it) and per group. */
export function ListFilters() {
  const filter = useConversationList((s) => s.filter);
  const groupId = useConversationList((s) => s.groupId);
  const counts = useConversationList((s) => s.counts);
  const setFilter = useConversationList((s) => s.setFilter);
  const groups = counts?.groups ?? [];

  return (
    <div className="list-filters" role="group" aria-label="Show conversations">
      {FILTERS.map(({ filter: value, label }) => {
        const unread = value === 'archived' ? (counts?.archivedUnread ?? 0) : 0;
        return (
          <button
            key={value}
            type="button"
            className="chip"
            aria-pressed={filter === value && groupId === null}
            aria-label={unread > 0 ? `${label}, ${unread} with unread messages` : label}
            onClick={() => setFilter(value)}
          >
            {label}
            {unread > 0 && <span className="chip-count">{unread}</span>}
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
