import type { FastifyInstance } from 'fastify';
import { setTimeout as sleep } from 'node:timers/promises';
import { ApiError, sendError } from './errors.ts';

export interface FaultPlan {
  /** Probability of a 503 before the request acts. */
  serverError: number;
  /** Probability the connection is dropped before the request acts. */
  reset: number;
  /** Probability the request acts and then the connection is dropped: the response is lost. */
  lost: number;
  latencyMs: { min: number; max: number } | null;
}

export const NO_FAULTS: FaultPlan = { serverError: 0, reset: 0, lost: 0, latencyMs: null };

export const FAULTS_SYNTAX =
  'comma-separated: 5xx=<p>, reset=<p>, lost=<p> (p from 0 to 1), latency=<ms> or <min>-<max>';

const PROBABILITY_KEYS = { '5xx': 'serverError', reset: 'reset', lost: 'lost' } as const;

/** Parses `5xx=0.2,latency=50-200,reset=0.05`; throws an Error naming the bad part. */
export function parseFaults(spec: string): FaultPlan {
  const plan: FaultPlan = { ...NO_FAULTS };
  for (const part of spec.split(',').map((item) => item.trim())) {
    if (part === '') continue;
    const [key, value, extra] = part.split('=');
    if (key === undefined || value === undefined || extra !== undefined) {
      throw new Error(`bad fault "${part}": ${FAULTS_SYNTAX}`);
    }
    if (key === 'latency') {
      const match = /^(\d+)(?:-(\d+))?$/.exec(value);
      const min = Number(match?.[1]);
      const max = Number(match?.[2] ?? match?.[1]);
      if (!match || max < min || max > 60_000) {
        throw new Error(`bad latency "${value}": use <ms> or <min>-<max>, at most 60000`);
      }
      plan.latencyMs = { min, max };
    } else if (Object.hasOwn(PROBABILITY_KEYS, key)) {
      const probability = /^(0(\.\d+)?|1(\.0+)?)$/.test(value) ? Number(value) : NaN;
      if (Number.isNaN(probability)) {
        throw new Error(`bad probability "${value}" for ${key}: use a number from 0 to 1`);
      }
      plan[PROBABILITY_KEYS[key as keyof typeof PROBABILITY_KEYS]] = probability;
    } else {
      throw new Error(`unknown fault "${key}": ${FAULTS_SYNTAX}`);
    }
  }
  return plan;
}

/**
 * Installs fault injection on every route; `set` swaps the plan at runtime
 * (null turns faults off). `random` is injectable so tests can be exact.
 */
export function installFaults(
  app: FastifyInstance,
  initial: FaultPlan,
  random: () => number = Math.random,
): { set(plan: FaultPlan): void } {
  let plan = initial;
  const hit = (probability: number) => probability > 0 && random() < probability;

  app.addHook('onRequest', async (request, reply) => {
    const { latencyMs } = plan;
    if (latencyMs) await sleep(latencyMs.min + random() * (latencyMs.max - latencyMs.min));
    if (hit(plan.reset)) {
      reply.hijack();
      request.raw.socket.destroy();
      return reply;
    }
    if (hit(plan.serverError)) {
      return sendError(reply, new ApiError('service_unavailable', 'Injected fault: try again.'));
    }
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode < 500 && hit(plan.lost)) request.raw.socket.destroy();
    return payload;
  });
  return {
    set(next) {
      plan = next;
    },
  };
}
