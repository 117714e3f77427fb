import { monitorEventLoopDelay } from 'node:perf_hooks';

/** How late the main thread's timers ran while `work` went on, in milliseconds. */
export interface LoopDelay {
  p50: number;
  p99: number;
  max: number;
}

export async function loopDelay(work: () => Promise<void>): Promise<LoopDelay> {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  try {
    await work();
  } finally {
    histogram.disable();
  }
  return {
    p50: histogram.percentile(50) / 1e6,
    p99: histogram.percentile(99) / 1e6,
    max: histogram.max / 1e6,
  };
}
