import { z } from 'zod';
import { LIMITS } from '../../../shared/model/limits.ts';
import { ApiError, invalidInput } from './api-error.ts';
import { createTransport, jsonBody } from './http-transport.ts';
import type { TransportOptions } from './http-transport.ts';
import { describeIssues } from './record-parsing.ts';

export interface WebhookRegistration {
  id: string;
  notificationUrl: string;
  events: string[];
}

export interface CatalogueApi {
  registerWebhook(
    input: { notificationUrl: string; events: string[] },
    options?: { signal?: AbortSignal },
  ): Promise<WebhookRegistration>;
}

// Bounded like any server text the renderer is shown: an answer outside these bounds is unreadable.
const registration = z.object({
  id: z.union([z.string().min(1).max(LIMITS.idLength), z.number().int()]).transform(String),
  notificationUrl: z.string().max(LIMITS.urlLength),
  events: z.array(z.string().max(LIMITS.nameLength)).max(LIMITS.pageSize),
});

/** The catalogue-and-order service: only webhook registration is the client's business. */
export function createCatalogueClient(options: TransportOptions): CatalogueApi {
  const send = createTransport(options);
  return {
    async registerWebhook(input, { signal } = {}) {
      requireHttps(input.notificationUrl);
      if (
        !Array.isArray(input.events) ||
        input.events.length === 0 ||
        !input.events.every((event) => typeof event === 'string' && event.trim() !== '')
      ) {
        throw invalidInput('Name at least one event type to receive.', 'events');
      }
      const response = await send({
        method: 'POST',
        path: 'v1/webhooks',
        json: { notificationUrl: input.notificationUrl, events: input.events },
        signal,
      });
      const parsed = registration.safeParse(jsonBody(response, 'the webhook registration'));
      if (!parsed.success) {
        options.log.warn('api webhook registration unreadable', {
          problem: describeIssues(parsed.error),
        });
        throw new ApiError({
          kind: 'server',
          status: response.status,
          message: 'The catalogue service confirmed the webhook in a form this app cannot read.',
        });
      }
      return parsed.data;
    },
  };
}

function requireHttps(notificationUrl: unknown) {
  const url = typeof notificationUrl === 'string' ? URL.parse(notificationUrl) : null;
  if (url?.protocol !== 'https:') {
    throw invalidInput(
      'The notification URL must be a full https:// address: the catalogue service delivers only over HTTPS.',
      'notificationUrl',
    );
  }
}
