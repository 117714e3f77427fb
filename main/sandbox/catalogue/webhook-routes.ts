import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requestUser } from '../http/auth.ts';
import { ApiError, notFound } from '../http/errors.ts';
import { refuseOtherMethods } from '../http/app.ts';
import { body, parseInput } from '../http/validation.ts';
import { EVENT_TYPES, isEventType } from './event-types.ts';
import type { EventType } from './event-types.ts';
import type { WebhookRegistry } from './webhook-registry.ts';

/** Enough for any receiver a user runs; a runaway script stops here instead of at the disk. */
const MAX_REGISTRATIONS_PER_USER = 100;
const MAX_URL_LENGTH = 2048;

const registrationBody = body({
  notificationUrl: z.string({ error: 'required, a string' }),
  events: z.array(z.string({ error: 'each event type is a string' }), {
    error: 'required, an array of event types',
  }),
});

export interface WebhookRouteDeps {
  registry: WebhookRegistry;
  /** Deletes a registration and ends its pending deliveries; false when the user has none by that id. */
  deleteRegistration(owner: string, id: string): boolean;
}

/** `/v1/webhooks`: register, list, retrieve and delete, each user seeing only their own. */
export function webhookRoutes(app: FastifyInstance, deps: WebhookRouteDeps): void {
  const { registry } = deps;

  app.post('/v1/webhooks', async (request, reply) => {
    const input = parseInput(registrationBody, request.body);
    const notificationUrl = checkedUrl(input.notificationUrl);
    const events = checkedEvents(input.events);
    const owner = requestUser(request);
    if (registry.list(owner).length >= MAX_REGISTRATIONS_PER_USER) {
      throw new ApiError(
        'unprocessable',
        `At most ${MAX_REGISTRATIONS_PER_USER} webhook registrations per user; delete one first.`,
      );
    }
    return reply.code(201).send(registry.create(owner, notificationUrl, events));
  });

  app.get('/v1/webhooks', async (request) => ({ data: registry.list(requestUser(request)) }));

  app.get<{ Params: { id: string } }>('/v1/webhooks/:id', async (request) => {
    const registration = registry.get(requestUser(request), request.params.id);
    if (!registration) throw notFound('webhook registration', 'id');
    return registration;
  });

  app.delete<{ Params: { id: string } }>('/v1/webhooks/:id', async (request) => {
    if (!deps.deleteRegistration(requestUser(request), request.params.id)) {
      throw notFound('webhook registration', 'id');
    }
    return { id: request.params.id, deleted: true };
  });

  refuseOtherMethods(app, '/v1/webhooks', ['GET', 'POST']);
  refuseOtherMethods(app, '/v1/webhooks/:id', ['GET', 'DELETE']);
}

function checkedUrl(value: string): string {
  const invalid = (message: string) =>
    new ApiError('unprocessable', `notificationUrl: ${message}`, 'notificationUrl');
  if (value.length > MAX_URL_LENGTH) throw invalid(`longer than ${MAX_URL_LENGTH} characters.`);
  const url = URL.parse(value);
  if (url === null) throw invalid('not a valid URL.');
  if (url.protocol !== 'https:') {
    throw invalid(`must use HTTPS (https://...), not ${url.protocol.replace(':', '')}.`);
  }
  return value;
}

function checkedEvents(values: string[]): EventType[] {
  if (values.length === 0) {
    throw new ApiError(
      'unprocessable',
      `events: list at least one of ${EVENT_TYPES.join(', ')}.`,
      'events',
    );
  }
  const unknown = values.findIndex((value) => !isEventType(value));
  if (unknown >= 0) {
    throw new ApiError(
      'unprocessable',
      `events[${unknown}]: unknown event type "${values[unknown]}"; known types are ${EVENT_TYPES.join(', ')}.`,
      `events[${unknown}]`,
    );
  }
  return [...new Set(values.filter(isEventType))];
}
