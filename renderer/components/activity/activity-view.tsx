import { useEffect } from 'react';
import type { ActivityItem } from '../../../shared/model/activity.ts';
import { CATALOGUE_EVENT_TYPES } from '../../../shared/model/settings.ts';
import { LIMITS } from '../../../shared/model/limits.ts';
import { plural } from '../../lib/format.ts';
import { ariaKeys, comboLabel } from '../../lib/keyboard-shortcuts.ts';
import { activityAt, useActivity } from '../../stores/activity-feed-store.ts';
import { useSettings } from '../../stores/settings-store.ts';
import { Icon } from '../common/icon.tsx';
import { OpenSettingsButton } from '../common/open-settings-button.tsx';
import { useOffsetWindow } from '../common/use-offset-window.ts';
import { ActivityCard } from './activity-card.tsx';
import { ACTIVITY_SEARCH_ID } from './activity-search-id.ts';
import { activityTitle } from './event-types.ts';
import { orderNumberOf } from './order-reference.tsx';
import { RelayState } from './relay-state.tsx';

/** The order being shown by its number, once one of its events that says it is loaded. */
function orderFilterLabel(orderId: string, pages: Record<number, ActivityItem[]>) {
  for (const page of Object.values(pages)) {
    for (const item of page ?? []) {
      const number = orderNumberOf(item);
      if (number !== null) return `Events of order ${number}`;
    }
  }
  return `Events of the order with ID ${orderId}`;
}

/** What the view is for, and what brings it its first events. */
function NoActivityYet() {
  const webhooks = useSettings((s) => s.settings?.webhooks);
  const connected =
    webhooks !== undefined &&
    (webhooks.delivery === 'relay' ? webhooks.relayUrl !== '' : webhooks.enabled);
  return (
    <div className="list-empty">
      <p>
        No orders yet. Activity lists your shop’s orders, shipments, invoices and product changes as
        your catalogue-and-order service sends them.
      </p>
      <p>
        {connected
          ? 'Parley is connected: they appear here as they happen.'
          : 'Connect the service to Parley, through a relay or Parley’s own receiver, to see them here.'}
      </p>
      <OpenSettingsButton
        section="orders"
        label={connected ? 'Orders and catalogue settings' : 'Set up orders and catalogue'}
      />
    </div>
  );
}

/** Orders, shipments, invoices and product changes, newest first, beside the conversations. */
export function ActivityView() {
  const total = useActivity((s) => s.total);
  const pages = useActivity((s) => s.pages);
  const type = useActivity((s) => s.type);
  const orderId = useActivity((s) => s.orderId);
  const showOrder = useActivity((s) => s.showOrder);
  const unseen = useActivity((s) => s.unseen);
  const error = useActivity((s) => s.error);
  const setType = useActivity((s) => s.setType);
  const search = useActivity((s) => s.search);
  const setSearch = useActivity((s) => s.setSearch);
  const searching = search.trim() !== '';
  const setVisible = useActivity((s) => s.setVisible);
  const markSeen = useActivity((s) => s.markSeen);
  const { scrollRef, virtualizer, rows, first, last } = useOffsetWindow({
    total,
    estimateSize: () => 160,
    getItemKey: (index) => activityAt(pages, index)?.id ?? `slot-${index}`,
    overscan: 4,
    setVisible,
  });

  useEffect(() => {
    if (document.visibilityState !== 'visible') return;
    const ids: string[] = [];
    for (let index = first; index <= last; index += 1) {
      const item = activityAt(pages, index);
      if (item && !item.seen) ids.push(item.id);
    }
    if (ids.length > 0) markSeen(ids);
  }, [first, last, pages, markSeen]);

  return (
    <section className="activity" aria-labelledby="activity-title">
      <header className="thread-header">
        <div className="thread-title">
          <h2 id="activity-title">Activity</h2>
          <p>
            {plural(total, 'event')}
            {unseen > 0 ? `, ${unseen} new` : ''}
          </p>
        </div>
        <div className="search-box activity-search" role="search">
          <Icon name="search" size={16} />
          <input
            id={ACTIVITY_SEARCH_ID}
            type="search"
            aria-label="Search activity"
            aria-keyshortcuts={ariaKeys('Mod+Shift+F')}
            title={`Search activity (${comboLabel('Mod+Shift+F')})`}
            placeholder="Order, customer, tracking…"
            value={search}
            maxLength={LIMITS.queryLength}
            onChange={(event) => setSearch(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Escape' && search) {
                event.stopPropagation();
                setSearch('');
              }
            }}
          />
        </div>
        <select
          aria-label="Event type"
          value={type ?? ''}
          onChange={(event) => setType(event.target.value || null)}
        >
          <option value="">All events</option>
          {CATALOGUE_EVENT_TYPES.map((value) => (
            <option key={value} value={value}>
              {activityTitle(value)}
            </option>
          ))}
        </select>
      </header>
      <RelayState />
      {orderId && (
        <div className="activity-filter" role="status">
          <span>{orderFilterLabel(orderId, pages)}</span>
          <button type="button" className="button secondary" onClick={() => showOrder(null)}>
            Show all events
          </button>
        </div>
      )}
      {error && (
        <p role="alert" className="inline-error">
          {error}
        </p>
      )}
      {total === 0 && !error && searching && (
        <div className="list-empty">
          <p>
            No {type ? `“${activityTitle(type)}” events` : 'events'} with “{search.trim()}”.
          </p>
          <button
            type="button"
            className="button secondary"
            onClick={() => {
              setSearch('');
              // The button goes with the search: the focus goes back to the box, not to the page.
              document.getElementById(ACTIVITY_SEARCH_ID)?.focus();
            }}
          >
            Clear search
          </button>
        </div>
      )}
      {total === 0 && !error && !searching && type && (
        <p className="list-empty">No “{activityTitle(type)}” events yet.</p>
      )}
      {total === 0 && !error && !searching && !type && <NoActivityYet />}
      <div
        ref={scrollRef}
        className="activity-feed"
        // A feed must hold articles: an empty one is just an empty box.
        role={total > 0 ? 'feed' : undefined}
        aria-label={total > 0 ? 'Events' : undefined}
        tabIndex={total > 0 ? 0 : undefined}
      >
        <div className="virtual-space" style={{ height: virtualizer.getTotalSize() }}>
          {rows.map((row) => {
            const item = activityAt(pages, row.index);
            return (
              <div
                key={row.key}
                ref={virtualizer.measureElement}
                data-index={row.index}
                className="virtual-row"
                style={{ transform: `translateY(${row.start}px)` }}
              >
                {item ? (
                  <ActivityCard item={item} position={row.index + 1} setSize={total} />
                ) : (
                  <div className="activity-card placeholder" aria-hidden="true" />
                )}
              </div>
            );
          })}
        </div>
      </div>
    </section>
  );
}
