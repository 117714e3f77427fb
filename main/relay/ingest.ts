import type { IncomingMessage, ServerResponse } from 'node:http';
import { announcedTooLarge, readDeliveryBody } from '../webhook-protocol/delivery-body.ts';
import { parseEnvelope } from '../webhook-protocol/envelope.ts';
import { isValidSignature } from '../webhook-protocol/signature.ts';
import type { GroupCommit } from './group-commit.ts';
import { sendJson, sendRefusal, statusOf, type Refusal } from './responses.ts';

/** What one delivery came to, for its log line. Never holds a payload or the signature. */
export interface DeliveryOutcome {
  id?: string;
  type?: string;
  outcome: string;
}

export interface IngestDeps {
  secret: string;
  commits: GroupCommit;
  log(delivery: DeliveryOutcome): void;
}

type Answer = { stored: boolean; id: string; type: string } | { dropped: string } | Refusal;

/**
 * `POST <path>`: the signature is checked on the bytes exactly as they
 * arrived, before anything is parsed; the envelope is validated; the event is
 * committed; only then the 200. A repeated notification id is answered 200
 * too (the service must stop retrying) and stores nothing.
 */
export function createIngest(deps: IngestDeps) {
  async function answer(request: IncomingMessage): Promise<Answer> {
    if (request.method !== 'POST') {
      return refusal('method_not_allowed', 'Only POST is accepted here.', { allow: 'POST' });
    }
    const mediaType = request.headers['content-type']?.split(';', 1)[0]?.trim().toLowerCase();
    if (mediaType !== 'application/json') {
      return refusal('unsupported_media_type', 'The body must be application/json.');
    }
    if (announcedTooLarge(request)) return tooLarge();
    let body: Buffer | null;
    try {
      body = await readDeliveryBody(request);
    } catch (error) {
      // The sender gave up or was cut off by the receive timeout: there is no one to answer.
      return { dropped: (error as Error).message };
    }
    if (body === null) return tooLarge();
    if (!isValidSignature(deps.secret, body, request.headers['x-webhook-signature'])) {
      return refusal('authentication_required', 'The x-webhook-signature is missing or wrong.');
    }
    const parsed = parseEnvelope(body);
    if (!parsed.ok) return refusal('invalid_request', `Not a notification: ${parsed.reason}.`);
    const { id, type } = parsed.envelope;
    return { stored: await deps.commits.store(parsed.envelope), id, type };
  }

  return (request: IncomingMessage, response: ServerResponse): void => {
    answer(request).then(
      (result) => {
        if ('stored' in result) {
          const outcome = result.stored ? 'stored' : 'duplicate';
          deps.log({ id: result.id, type: result.type, outcome });
          sendJson(response, 200, JSON.stringify({ status: outcome }));
        } else if ('dropped' in result) {
          deps.log({ outcome: `dropped: ${result.dropped}` });
        } else {
          deps.log({ outcome: `refused ${statusOf(result)}: ${result.message}` });
          sendRefusal(response, result);
        }
      },
      (error: unknown) => {
        deps.log({ outcome: `failed 500: ${(error as Error).message}` });
        sendRefusal(response, {
          type: 'server_error',
          message: 'The delivery could not be stored; send it again.',
        });
      },
    );
  };
}

function refusal(
  type: Refusal['type'],
  message: string,
  headers?: Record<string, string>,
): Refusal {
  return { type, message, headers };
}

function tooLarge(): Refusal {
  // The rest of an oversize body is not worth reading: the connection closes after the answer.
  return refusal('payload_too_large', 'The body exceeds 1 MiB.', { connection: 'close' });
}
