import { getHeapStatistics } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { createHeapTrim } from '../../../main/core/memory/heap-trim.ts';
import { memoryReducingGc } from '../../../main/core/memory/memory-reducing-gc.ts';
import { manualClock } from '../../support/manual-clock.ts';

const MB = 1024 * 1024;

/** A trim over a heap whose size the test sets; counts the collections. */
function trimOver(startMb: number) {
  const clock = manualClock(0);
  let heapMb = startMb;
  let collections = 0;
  const trim = createHeapTrim({
    clock,
    collect: () => {
      collections += 1;
      heapMb = startMb;
    },
    heapSize: () => heapMb * MB,
  });
  return {
    clock,
    trim,
    grow: (mb: number) => (heapMb += mb),
    collections: () => collections,
  };
}

describe('trimming the heap', () => {
  it('collects once the app has been quiet in the background, after the heap grew', async () => {
    const t = trimOver(30);
    t.grow(30);
    await t.clock.advance(4_000);
    expect(t.collections()).toBe(0);
    await t.clock.advance(1_000);
    expect(t.collections()).toBe(1);
    await t.clock.advance(60_000);
    expect(t.collections()).toBe(1);
    t.trim.stop();
  });

  it('waits for a quiet spell: every event starts it again', async () => {
    const t = trimOver(30);
    t.grow(30);
    for (let i = 0; i < 5; i++) {
      await t.clock.advance(3_000);
      t.trim.busy();
    }
    expect(t.collections()).toBe(0);
    await t.clock.advance(5_000);
    expect(t.collections()).toBe(1);
    t.trim.stop();
  });

  it('never holds the main thread while the window is in sight', async () => {
    const t = trimOver(30);
    t.trim.setBackground(false);
    t.grow(30);
    await t.clock.advance(120_000);
    expect(t.collections()).toBe(0);
    t.trim.setBackground(true);
    await t.clock.advance(5_000);
    expect(t.collections()).toBe(1);
    t.trim.stop();
  });

  it('gives back what starting grew at the first quiet spell, grown since or not', async () => {
    const t = trimOver(36);
    await t.clock.advance(5_000);
    expect(t.collections()).toBe(1);
    await t.clock.advance(60_000);
    expect(t.collections()).toBe(1);
    t.trim.stop();
  });

  it('leaves a heap alone that has not grown since the last trim', async () => {
    const t = trimOver(30);
    await t.clock.advance(5_000);
    expect(t.collections()).toBe(1);
    t.grow(4);
    t.trim.busy();
    await t.clock.advance(60_000);
    expect(t.collections()).toBe(1);
    t.grow(6);
    t.trim.busy();
    await t.clock.advance(5_000);
    expect(t.collections()).toBe(2);
    t.trim.stop();
  });
});

it("gives back the heap that short-lived work grew, with V8's own collection", () => {
  const collect = memoryReducingGc();
  expect(collect).toBeTypeOf('function');
  let kept: unknown[] = [];
  for (let round = 0; round < 40; round++) {
    kept = Array.from({ length: 20_000 }, (_, i) => ({ round, i, text: `message ${i}` }));
  }
  expect(kept.length).toBe(20_000);
  kept = [];
  const before = getHeapStatistics().total_heap_size;
  collect();
  expect(getHeapStatistics().total_heap_size).toBeLessThan(before);
  // The flag is cleared again: a context made now has no `gc`.
  expect(runInNewContext('typeof gc')).toBe('undefined');
});
