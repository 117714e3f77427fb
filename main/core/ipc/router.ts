import type { z } from 'zod';
import {
  channels,
  isChannel,
  type Channel,
  type ChannelResponse,
  type IpcError,
  type IpcResult,
  type ParsedRequest,
} from '../../../shared/ipc/contract.ts';
import type { Logger } from '../ports/ports.ts';
import { CoreError } from '../errors/core-error.ts';

export type Handler<C extends Channel> = (request: ParsedRequest<C>) => Promise<ChannelResponse<C>>;
export type Handlers = { [C in Channel]: Handler<C> };

export interface IpcRouter {
  /** Validates, dispatches and answers; never throws, whatever it is sent. */
  handle(channel: unknown, request: unknown): Promise<IpcResult<unknown>>;
}

export function createIpcRouter(handlers: Handlers, log: Logger): IpcRouter {
  return {
    async handle(channel, request) {
      if (!isChannel(channel)) {
        return failure({ code: 'unknown-channel', message: 'unknown channel', field: null });
      }
      const parsed = channels[channel].request.safeParse(request ?? {});
      if (!parsed.success) return failure(describeInvalid(parsed.error));
      try {
        const handler = handlers[channel] as Handler<typeof channel>;
        const value = await handler(parsed.data as ParsedRequest<typeof channel>);
        return { ok: true, value };
      } catch (error) {
        if (error instanceof CoreError) {
          return failure({ code: error.code, message: error.message, field: error.field });
        }
        log.error('ipc handler failed', { channel, error: String(error) });
        return failure({
          code: 'internal',
          message: 'Something went wrong in Parley',
          field: null,
        });
      }
    },
  };
}

function failure(error: IpcError): IpcResult<never> {
  return { ok: false, error };
}

/** Bad input can carry megabyte-long keys; the answer never echoes more than this. */
const MAX_ERROR_TEXT = 200;

function describeInvalid(error: z.ZodError): IpcError {
  const issue = error.issues[0];
  const field = issue && issue.path.length > 0 ? clip(issue.path.join('.')) : null;
  const message = issue
    ? field
      ? `${field}: ${issue.message}`
      : issue.message
    : 'invalid request';
  return { code: 'invalid-request', message: clip(message), field };
}

function clip(text: string): string {
  return text.length <= MAX_ERROR_TEXT ? text : `${text.slice(0, MAX_ERROR_TEXT - 1)}…`;
}
