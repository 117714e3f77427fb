import { randomInt } from 'node:crypto';
import type { EventType } from './event-types.ts';

/** How often each event happens in a shop's day: orders move along more than products change. */
const WEIGHTS: [EventType, number][] = [
  ['order.created', 4],
  ['order.updated', 4],
  ['shipment.created', 2],
  ['shipment.updated', 3],
  ['invoice.created', 2],
  ['invoice.updated', 2],
  ['product.updated', 3],
  ['product.created', 1],
  ['product.deleted', 1],
];
const TOTAL_WEIGHT = WEIGHTS.reduce((sum, [, weight]) => sum + weight, 0);

export interface SimulatorInterval {
  minMs: number;
  maxMs: number;
}

/** A stream of realistic events at random intervals, for the demo workspace. */
export function startSimulator(
  emit: (type: EventType) => void,
  interval: SimulatorInterval,
): { stop(): void } {
  let timer: NodeJS.Timeout;
  const next = () => {
    timer = setTimeout(
      () => {
        emit(weightedType());
        next();
      },
      randomInt(interval.minMs, interval.maxMs + 1),
    );
  };
  next();
  return { stop: () => clearTimeout(timer) };
}

function weightedType(): EventType {
  let roll = randomInt(TOTAL_WEIGHT);
  for (const [type, weight] of WEIGHTS) {
    if (roll < weight) return type;
    roll -= weight;
  }
  throw new Error('unreachable: the roll is below the total weight');
}
