import { describe, expect, it } from 'vitest';
import type { ActivityItem } from '../../../shared/model/activity.ts';
import { DEFAULT_SETTINGS } from '../../../shared/model/settings.ts';
import { recordingNotifier } from '../../../main/core/ports/node-adapters.ts';
import {
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
      activityId: 'ntf-1',
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
    notifyActivity([item({})], notifier, { ...DEFAULT_SETTINGS, notifications: false });
    expect(notifier.shown).toEqual([]);
  });
});
