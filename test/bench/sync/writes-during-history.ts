import { performance } from 'node:perf_hooks';
import type { benchCore } from './bench-core.ts';

type BenchCore = Awaited<ReturnType<typeof benchCore>>;

/** How long the main thread's writes took: the median, the 99th percentile and the longest. */
export interface WriteTimes {
  count: number;
  p50: number;
  p99: number;
  max: number;
}

/** A draft saved every this many ms, as a composer saves one while the user types. */
const EVERY_MS = 20;
/** Idle, the same write this many times. */
const IDLE_WRITES = 100;

/**
 * A write of the main thread while history is stored and indexed for search
 * on the writer's thread (store/write-gate.ts), against the same write once
 * that is over: a draft saved every EVERY_MS ms, each timed from the call to
 * its answer, from a signed-in core until its history is searchable.
 */
export async function writesDuringHistory(core: BenchCore, conversationIds: readonly string[]) {
  let done = false;
  const history = core
    .until((status) => status.history.done && status.history.indexed)
    .then(() => (done = true));
  const during: number[] = [];
  for (let n = 0; !done; n++) {
    during.push(await timedDraft(core, conversationIds, n));
    await new Promise((resolve) => setTimeout(resolve, EVERY_MS));
  }
  await history;
  const idle: number[] = [];
  for (let n = 0; n < IDLE_WRITES; n++) {
    idle.push(await timedDraft(core, conversationIds, n));
    await new Promise((resolve) => setTimeout(resolve, EVERY_MS));
  }
  return { during: times(during), idle: times(idle) };
}

async function timedDraft(core: BenchCore, conversationIds: readonly string[], n: number) {
  const conversationId = conversationIds[n % conversationIds.length] as string;
  const started = performance.now();
  await core.call('drafts:set', { conversationId, text: `draft ${n}` });
  return performance.now() - started;
}

function times(ms: number[]): WriteTimes {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (share: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0;
  return { count: sorted.length, p50: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? 0 };
}

export const writeTimesWords = (t: WriteTimes) =>
  `p50 ${t.p50.toFixed(1)} ms, p99 ${t.p99.toFixed(1)} ms, max ${t.max.toFixed(1)} ms`;
