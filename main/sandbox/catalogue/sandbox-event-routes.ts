import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requestUser } from '../http/auth.ts';
import { ApiError } from '../http/errors.ts';
import { refuseOtherMethods } from '../http/app.ts';
import { body, integer, parseInput } from '../http/validation.ts';
import { EVENT_TYPES, isEventType } from './event-types.ts';
import type { EventType } from './event-types.ts';
import type { DeliveryLog } from './delivery-log.ts';

const eventBody = body({
  type: z.string({ error: 'required, an event type' }),
  payload: z.record(z.string(), z.unknown(), { error: 'an object' }).optional(),
});

const historyBody = body({
  days: z
    .number({ error: 'a whole number of days from 1 to 90' })
    .int({ error: 'a whole number of days from 1 to 90' })
    .min(1, { error: 'a whole number of days from 1 to 90' })
    .max(90, { error: 'a whole number of days from 1 to 90' })
    .default(16),
});

const deliveriesQuery = z.object({
  limit: integer(z.number().int().min(1).max(100).default(50)),
});

export interface SandboxEventRouteDeps {
  log: DeliveryLog;
  /** Emits the event now; a generated resource when no payload is given. Returns the notification id. */
  emit(type: EventType, payload?: object): string;
  /** Makes the shop's last `days` happen, announced with their own times; null if it has a past. */
  history(days: number): string[] | null;
}

/** Sandbox-only controls: make an event or a history happen, and read what was delivered. */
export function sandboxEventRoutes(app: FastifyInstance, deps: SandboxEventRouteDeps): void {
  app.post('/_sandbox/events', async (request, reply) => {
    const input = parseInput(eventBody, request.body);
    if (!isEventType(input.type)) {
      throw new ApiError(
        'unprocessable',
        `type: unknown event type "${input.type}"; known types are ${EVENT_TYPES.join(', ')}.`,
        'type',
      );
    }
    return reply.code(202).send({ id: deps.emit(input.type, input.payload) });
  });

  app.post('/_sandbox/history', async (request, reply) => {
    const { days } = parseInput(historyBody, request.body ?? {});
    const ids = deps.history(days);
    if (ids === null) {
      throw new ApiError(
        'conflict',
        'The catalogue already has a past: a history is made only for an empty one.',
      );
    }
    return reply.code(202).send({ ids });
  });

  app.get('/_sandbox/deliveries', async (request) => {
    const { limit } = parseInput(deliveriesQuery, request.query);
    return { data: deps.log.list(requestUser(request), limit) };
  });

  refuseOtherMethods(app, '/_sandbox/events', ['POST']);
  refuseOtherMethods(app, '/_sandbox/history', ['POST']);
  refuseOtherMethods(app, '/_sandbox/deliveries', ['GET']);
}
