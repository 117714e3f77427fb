import type { Logger } from '../ports/ports.ts';
import type { ServerTraits } from './messaging-api.ts';

/**
 * Epoch seconds stay below this until the year 5138; epoch milliseconds passed
 * it in 1973. So one value's magnitude tells its unit.
 */
const MILLISECONDS_ABOVE = 1e11;

export type ListOrder = Exclude<ServerTraits['listOrder'], 'unknown'>;

/**
 * What the client learns about the choices the spec leaves open, as it sees
 * answers. `traits` is a live object; each change is logged once.
 */
export interface TraitsLearner {
  readonly traits: ServerTraits;
  /** A server timestamp as epoch milliseconds, whatever unit it came in. */
  toMs(value: number): number;
  /** The order of one page (from its first and last created_at), or the order learned so far. */
  pageOrder(createdAts: readonly number[]): ListOrder;
  learnCursor(cursor: Exclude<ServerTraits['cursor'], 'unknown'>): void;
}

export function createTraitsLearner(log: Logger): TraitsLearner {
  const traits: ServerTraits = {
    timestampUnit: 'unknown',
    listOrder: 'unknown',
    cursor: 'unknown',
  };

  function learn<K extends keyof ServerTraits>(name: K, value: ServerTraits[K]) {
    if (traits[name] === value) return;
    traits[name] = value;
    log.info('api server trait learned', { trait: name, value });
  }

  return {
    traits,
    toMs(value) {
      if (value > MILLISECONDS_ABOVE) {
        learn('timestampUnit', 'milliseconds');
        return Math.round(value);
      }
      // Zero says nothing about the unit; any other small value is seconds.
      if (value > 0) learn('timestampUnit', 'seconds');
      return Math.round(value * 1000);
    },
    pageOrder(createdAts) {
      const first = createdAts[0];
      const last = createdAts.at(-1);
      if (first !== undefined && last !== undefined && first !== last) {
        learn('listOrder', first > last ? 'newest-first' : 'oldest-first');
        return first > last ? 'newest-first' : 'oldest-first';
      }
      // The sandbox's choice and the common one, until a page shows otherwise.
      return traits.listOrder === 'unknown' ? 'newest-first' : traits.listOrder;
    },
    learnCursor(cursor) {
      learn('cursor', cursor);
    },
  };
}

/** A timestamp to send, in the unit the server was seen to use (seconds until shown otherwise). */
export function toServerTime(ms: number, traits: ServerTraits): number {
  return traits.timestampUnit === 'milliseconds' ? Math.round(ms) : Math.floor(ms / 1000);
}
