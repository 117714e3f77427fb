import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import qs from 'qs';
import { ApiError, sendError, toApiError } from './errors.ts';

export interface AppOptions {
  bodyLimit: number;
  /** One line per request and per internal error; never headers, so never tokens. */
  log?: (line: string) => void;
}

/** Nested forms as the spec's examples send them: reactions[like][]=ann, attachments[0][name]=a. */
const parseForm = (body: string) =>
  qs.parse(body, { depth: 4, arrayLimit: 100, parameterLimit: 1_000, allowPrototypes: false });

/**
 * The Fastify instance every sandbox service mounts its routes on: form and
 * JSON bodies only (anything else 415), a body limit (413), and every error,
 * Fastify's own included, in the one error shape.
 */
export async function createSandboxApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    bodyLimit: options.bodyLimit,
    // Keep-alive connections from clients must not hold close() open.
    forceCloseConnections: true,
    return503OnClosing: true,
  });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string' },
    app.getDefaultJsonParser('error', 'error'),
  );
  await app.register(formbody, { parser: parseForm, bodyLimit: options.bodyLimit });

  app.setErrorHandler((error, request, reply) => {
    const apiError = toApiError(error);
    if (apiError.status >= 500) {
      options.log?.(`error ${request.method} ${request.url}: ${(error as Error).stack ?? error}`);
    }
    return sendError(reply, apiError);
  });
  app.setNotFoundHandler((request, reply) =>
    sendError(reply, new ApiError('not_found', `No route ${request.method} ${request.url}.`)),
  );
  if (options.log) {
    const log = options.log;
    app.addHook('onResponse', async (request, reply) => {
      log(`${request.method} ${request.url} ${reply.statusCode} ${reply.elapsedTime.toFixed(1)}ms`);
    });
  }
  return app;
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/** Answers 405 with an Allow header for the methods a known path does not take. */
export function refuseOtherMethods(
  app: FastifyInstance,
  url: string,
  allowed: readonly (typeof METHODS)[number][],
): void {
  const allow = allowed.includes('GET') ? [...allowed, 'HEAD'] : [...allowed];
  app.route({
    method: METHODS.filter((method) => !allowed.includes(method)),
    url,
    handler: async (request, reply) =>
      sendError(
        reply,
        new ApiError('method_not_allowed', `${request.method} is not allowed here.`, null, {
          Allow: allow.join(', '),
        }),
      ),
  });
}
