import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openEventStore, type EventStore } from '../../../main/relay/event-store.ts';
import { PAGE_BYTES } from '../../../main/relay/pull.ts';
import { makeTempDir, removeTempDir } from '../../support/temp-dir.ts';

let dir: string;
let store: EventStore;
beforeEach(async () => {
  dir = makeTempDir('parley-relay-store-');
  store = openEventStore(join(dir, 'events.db'));
});
afterEach(async () => {
  store.close();
  removeTempDir(dir);
});

const event = (id: string) => ({ id, type: 'order.created', timestamp: 't', payload: { id } });
const ids = (from = 0) => store.after(from, 100, PAGE_BYTES).events.map((stored) => stored.id);

describe('the relay event store', () => {
  it('stores each notification id once, also within one commit', () => {
    expect(store.insertAll([event('a'), event('b'), event('a')], 1_000)).toEqual([
      true,
      true,
      false,
    ]);
    expect(store.insertAll([event('b'), event('c')], 2_000)).toEqual([false, true]);
    expect(ids()).toEqual(['a', 'b', 'c']);
    expect(store.after(0, 1, PAGE_BYTES).events[0]).toEqual({
      seq: 1,
      id: 'a',
      type: 'order.created',
      timestamp: 't',
      payload: '{"id":"a"}',
      receivedAt: 1_000,
    });
  });

  it('never gives a position twice, even after retention emptied it and it was reopened', () => {
    store.insertAll([event('a'), event('b')], 1_000);
    expect(store.removeReceivedBefore(5_000)).toBe(2);
    store.close();
    store = openEventStore(join(dir, 'events.db'));
    expect([store.lastSeq(), store.removedThrough()]).toEqual([2, 2]);
    store.insertAll([event('c')], 6_000);
    expect(store.after(2, 10, PAGE_BYTES).events.map((stored) => [stored.seq, stored.id])).toEqual([
      [3, 'c'],
    ]);
  });

  it('removes a prefix of the order received, even where the clock stepped back', () => {
    store.insertAll([event('a')], 1_000);
    store.insertAll([event('b')], 9_000);
    store.insertAll([event('c')], 500); // the clock stepped back
    store.insertAll([event('d')], 9_500);
    expect(store.removeReceivedBefore(2_000)).toBe(3);
    expect([ids(), store.removedThrough()]).toEqual([['d'], 3]);
    expect(store.removeReceivedBefore(2_000)).toBe(0);
  });

  it('names its database in cursors, and keeps the name across restarts', () => {
    const name = store.relayId;
    store.close();
    store = openEventStore(join(dir, 'events.db'));
    expect(store.relayId).toBe(name);
    const other = openEventStore(join(dir, 'other.db'));
    expect(other.relayId).not.toBe(name);
    other.close();
  });
});
