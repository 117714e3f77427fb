import { describe, expect, it } from 'vitest';
import type { ActivityItem } from '../../../shared/model/activity.ts';
import { DEFAULT_SETTINGS } from '../../../shared/model/settings.ts';
import { recordingNotifier } from '../../../main/core/ports/node-adapters.ts';
import type { NavigationTarget } from '../../../shared/model/desktop.ts';
import {
  activityTarget,
  describeActivity,
  notifyActivity,
} from '../../../main/core/webhooks/activity-notifications.ts';

const item = (overrides: Partial<ActivityItem>): ActivityItem => ({
  id: 'ntf-1',
  type: 'product.updated',
  timestamp: '2025-01-01T00:00:00Z',
  receivedAt: 0,
  seen: false,
  payload: {},
  changes: [],
  context: { orderNumber: null, productNames: {}, currency: null },
  ...overrides,
});

describe('activity notifications', () => {
  it('names the product and what changed', () => {
    const shown = describeActivity(
      item({
        payload: { name: 'Stabilo pen', ean: '4006381333931', price: '2.15' },
        changes: [{ field: 'price', from: '1.95', to: '2.15' }],
      }),
    );
    expect(shown).toEqual({
      title: 'Product updated',
      body: 'name Stabilo pen · ean 4006381333931 · price 1.95 → 2.15',
      tag: 'activity:ntf-1',
    });
  });

  it('describes unknown types and odd payloads without failing', () => {
    const shown = describeActivity(
      item({
        type: 'warehouse.restocked',
        payload: { name: { nested: true }, id: 'x'.repeat(500) },
      }),
    );
    expect(shown.title).toBe('Catalogue event: warehouse.restocked');
    expect(shown.body.length).toBeLessThanOrEqual(160);
    expect(describeActivity(item({ type: 'order.created', payload: { number: null } })).body).toBe(
      'ntf-1',
    );
  });

  it('stays silent when notifications are off globally', () => {
    const notifier = recordingNotifier();
    notifyActivity(
      [item({})],
      notifier,
      { ...DEFAULT_SETTINGS, notifications: false },
      0,
      () => {},
    );
    expect(notifier.shown).toEqual([]);
  });

  it('stays silent while notifications are paused, and speaks again when the pause ends', () => {
    const notifier = recordingNotifier();
    const paused = {
      ...DEFAULT_SETTINGS,
      desktop: { ...DEFAULT_SETTINGS.desktop, notificationsPausedUntil: 10_000 },
    };
    notifyActivity([item({})], notifier, paused, 9_999, () => {});
    expect(notifier.shown).toEqual([]);
    notifyActivity([item({})], notifier, paused, 10_000, () => {});
    expect(notifier.shown.map((shown) => shown.title)).toEqual(['Product updated']);
  });

  it('opens the order an order, shipment or invoice event belongs to when clicked', () => {
    const notifier = recordingNotifier();
    const opened: NavigationTarget[] = [];
    notifyActivity(
      [
        item({ id: 'a', type: 'order.created', payload: { id: 'ord_1', number: 'SO-1' } }),
        item({ id: 'b', type: 'shipment.updated', payload: { id: 'shp_1', orderId: 'ord_2' } }),
        item({ id: 'c', type: 'product.updated', payload: { name: 'Pen' } }),
      ],
      notifier,
      DEFAULT_SETTINGS,
      0,
      (target) => opened.push(target),
    );
    notifier.click(0);
    notifier.click(1);
    notifier.click(2);
    expect(opened).toEqual([
      { kind: 'order', orderId: 'ord_1' },
      { kind: 'order', orderId: 'ord_2' },
      { kind: 'activity' },
    ]);
  });

  it('never builds a link to an order from an id that is not one', () => {
    expect(activityTarget(item({ type: 'order.created', payload: { id: 42 } }))).toEqual({
      kind: 'activity',
    });
    expect(activityTarget(item({ type: 'invoice.created', payload: { orderId: '' } }))).toEqual({
      kind: 'activity',
    });
  });

  it('sums up a backlog caught up after a sleep in one notification, new orders first', () => {
    const notifier = recordingNotifier();
    const opened: NavigationTarget[] = [];
    const backlog = [
      ...['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((id) =>
        item({ id, type: 'order.created', payload: { id: `ord_${id}` } }),
      ),
      item({ id: 'h', type: 'shipment.updated', payload: { orderId: 'ord_a' } }),
      item({ id: 'i', type: 'shipment.updated', payload: { orderId: 'ord_b' } }),
    ];
    notifyActivity(backlog, notifier, DEFAULT_SETTINGS, 0, (target) => opened.push(target), {
      backlog: true,
    });
    expect(notifier.shown).toEqual([
      {
        title: '7 new orders while you were away',
        body: 'Order created: 7 · Shipment updated: 2',
        tag: 'activity-summary',
      },
    ]);
    notifier.click(0);
    expect(opened).toEqual([{ kind: 'activity' }]);
  });

  it('a backlog without orders is counted as events; a backlog of one is that event', () => {
    const notifier = recordingNotifier();
    const invoices = [
      item({ id: 'a', type: 'invoice.created', payload: { number: 'INV-1' } }),
      item({ id: 'b', type: 'invoice.updated', payload: { number: 'INV-1' } }),
    ];
    notifyActivity(invoices, notifier, DEFAULT_SETTINGS, 0, () => {}, { backlog: true });
    notifyActivity(invoices.slice(0, 1), notifier, DEFAULT_SETTINGS, 0, () => {}, {
      backlog: true,
    });
    expect(notifier.shown.map(({ title }) => title)).toEqual([
      '2 catalogue events while you were away',
      'Invoice created',
    ]);
  });

  it('two new events as they come are two notifications; a backlog of two is one', () => {
    const notifier = recordingNotifier();
    const two = [
      item({ id: 'a', type: 'order.created', payload: { number: 'SO-1' } }),
      item({ id: 'b', type: 'order.created', payload: { number: 'SO-2' } }),
    ];
    notifyActivity(two, notifier, DEFAULT_SETTINGS, 0, () => {});
    expect(notifier.shown).toHaveLength(2);
    notifyActivity(two, notifier, DEFAULT_SETTINGS, 0, () => {}, { backlog: true });
    expect(notifier.shown.at(-1)?.title).toBe('2 new orders while you were away');
  });
});
