export interface SimulatorInterval {
  minMs: number;
  maxMs: number;
}

/** Calls `tick` at random intervals until stopped: the demo's shop going about its day. */
export function startSimulator(tick: () => void, interval: SimulatorInterval): { stop(): void } {
  let timer: NodeJS.Timeout;
  const next = () => {
    const delay = interval.minMs + Math.random() * (interval.maxMs - interval.minMs);
    timer = setTimeout(() => {
      tick();
      next();
    }, delay);
  };
  next();
  return { stop: () => clearTimeout(timer) };
}
