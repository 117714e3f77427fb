import { z } from 'zod';
import { epochMs } from './conversation.ts';
import { LIMITS } from './limits.ts';
import { cleartextProblem } from '../security/cleartext.ts';

/**
 * How the catalogue service's events reach this computer: pulled from an
 * always-on relay, or delivered to the receiver inside Parley (a shop on the
 * same network).
 */
export const EVENT_DELIVERY = ['relay', 'direct'] as const;
export const eventDelivery = z.enum(EVENT_DELIVERY);
export type EventDelivery = z.infer<typeof eventDelivery>;

/**
 * Why `value` cannot be a relay's address, in words, or null when it can:
 * https anywhere, http only on this computer, no user name, query or fragment
 * (the token is what authorises, and the pull adds its own query).
 */
export function relayUrlProblem(value: string): string | null {
  const url = URL.parse(value);
  if (url === null || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    return 'Enter the relay’s address, starting with https://.';
  }
  const cleartext = cleartextProblem(url);
  if (cleartext !== null) return cleartext;
  if (url.username !== '' || url.password !== '' || url.search !== '' || url.hash !== '') {
    return 'Enter the relay’s address alone, without a user name, ? or #.';
  }
  return null;
}

/** A relay address as settings keep it: empty (none yet), or one `relayUrlProblem` accepts. */
export const relayUrl = z
  .string()
  .trim()
  .max(LIMITS.urlLength)
  .refine((value) => value === '' || relayUrlProblem(value) === null, {
    message: 'not a relay address: https, or http on this computer only',
  });

/**
 * Where the pull client stands with a relay:
 * - off: not pulling (another way of delivery chosen, or no address);
 * - token-needed: an address without a token given for it;
 * - connecting: the first request is on its way;
 * - connected: the relay answered the last request;
 * - paused: this computer is offline or asleep, so no request is held;
 * - unreachable: the last requests failed (`since` the first of them, `problem` why);
 * - unauthorized: the relay refused the token; nothing is asked until a new one is given.
 */
export const RELAY_STATES = [
  'off',
  'token-needed',
  'connecting',
  'connected',
  'paused',
  'unreachable',
  'unauthorized',
] as const;

export const relayStatus = z.object({
  /** The user's relay, or the demo workspace's own. */
  source: z.enum(['catalogue', 'demo']),
  state: z.enum(RELAY_STATES),
  /** The relay's address as the user gave it; null when none is set. */
  url: z.string().nullable(),
  /** When the relay received the newest event pulled from it. */
  lastEventAt: epochMs.nullable(),
  /** Since when the state holds (connected, paused, unreachable, unauthorized). */
  since: epochMs.nullable(),
  /** What went wrong, in words, for unreachable and unauthorized. */
  problem: z.string().nullable(),
  /**
   * When the relay last answered that the events after our cursor were gone
   * (older than its retention, or its data replaced), so pulling started over
   * from the oldest event it keeps.
   */
  startedOverAt: epochMs.nullable(),
  /**
   * Grows with every change of this relay's state: an answer and an event
   * can cross on their way to the window, and the newest state wins.
   */
  revision: z.number().int().nonnegative(),
});
export type RelayStatus = z.infer<typeof relayStatus>;

/** The status of a relay nothing is pulled from: none set, another way chosen, or no token for it. */
export function idleRelayStatus(
  source: RelayStatus['source'],
  url: string | null,
  state: 'off' | 'token-needed',
): RelayStatus {
  return {
    source,
    state,
    url,
    lastEventAt: null,
    since: null,
    problem: null,
    startedOverAt: null,
    revision: 0,
  };
}

/** `next` as the state after `previous`, its revision one higher; null when nothing changed. */
export function followingStatus(previous: RelayStatus, next: RelayStatus): RelayStatus | null {
  const revision = previous.revision + 1;
  const same = JSON.stringify({ ...next, revision }) === JSON.stringify({ ...previous, revision });
  return same ? null : { ...next, revision };
}

/** The outcome of a connection test, in words for the form that asked. */
export const relayTestResult = z.object({
  ok: z.boolean(),
  message: z.string(),
});
export type RelayTestResult = z.infer<typeof relayTestResult>;
