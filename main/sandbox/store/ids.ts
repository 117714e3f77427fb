import { randomBytes } from 'node:crypto';

let lastMs = 0;
let sequence = 0;

/**
 * Ids that sort by creation: milliseconds, then a sequence within the same
 * millisecond, then randomness so two processes sharing a data file do not
 * collide. `at` lets seeded history get ids that sort with its timestamps.
 */
export function newId(prefix: 'msg' | 'conv', atMs: number = Date.now()): string {
  sequence = atMs === lastMs ? sequence + 1 : 0;
  lastMs = atMs;
  const time = atMs.toString(36).padStart(9, '0');
  const counter = sequence.toString(36).padStart(4, '0');
  return `${prefix}_${time}${counter}${randomBytes(4).toString('hex')}`;
}
