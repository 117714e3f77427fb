import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Core } from '../core/create-core.ts';
import {
  CONTENT_SECURITY_POLICY,
  REMOTE_IMAGE_PATH,
  REMOTE_IMAGE_POLICY,
} from '../../shared/security/content-security-policy.ts';

export interface PreviewServer {
  /** The URL to open, carrying the per-run key once; the server swaps it for a cookie. */
  url: string;
  origin: string;
  close(): Promise<void>;
}

const COOKIE = 'parley-preview';
/** The app's icon, generated with the rest by scripts/generate-icons.ts. */
const FAVICON = join(import.meta.dirname, '../../build/favicon.ico');
const BRIDGE_SCRIPT = '<script type="module" src="/preview-bridge.js"></script>';

/**
 * Dev-only bridge that serves the built renderer to a browser and carries the
 * IPC contract over HTTP: POST /ipc/<channel> for invoke, GET /events (SSE) for
 * core events. Loopback only, a per-run key, and Origin/Host checks so no other
 * page or host can drive the core. Never part of the packaged app.
 */
export async function startPreviewServer(options: {
  core: Core;
  staticDir: string;
  port?: number;
}): Promise<PreviewServer> {
  const key = randomBytes(32).toString('base64url');
  // Prototype-polluting keys are left in place so the router refuses them with the
  // same clear error the Electron path gives, instead of Fastify's own 400.
  const app = Fastify({
    bodyLimit: 1024 * 1024,
    // The event stream stays open for the page's lifetime; closing must not wait for it.
    forceCloseConnections: true,
    onProtoPoisoning: 'ignore',
    onConstructorPoisoning: 'ignore',
  });
  let origin = '';

  const indexHtml = (await readFile(join(options.staticDir, 'index.html'), 'utf8')).replace(
    '<head>',
    `<head>${BRIDGE_SCRIPT}`,
  );

  app.addHook('onRequest', async (request, reply) => {
    if (request.headers.host !== new URL(origin).host) return reply.code(421).send('wrong host');
    if (request.url.startsWith('/?key=') || request.url === '/favicon.ico') return;
    if (!hasKeyCookie(request, key)) {
      return reply
        .code(401)
        .type('text/plain')
        .send('Open the URL that `npm run preview` printed.');
    }
    const site = request.headers['sec-fetch-site'];
    if (site !== undefined && site !== 'same-origin' && site !== 'none') {
      return reply.code(403).send('cross-site request refused');
    }
    if (request.method !== 'GET' && request.headers.origin !== origin) {
      return reply.code(403).send('origin refused');
    }
  });

  app.get('/', async (request, reply) => {
    const given = (request.query as Record<string, unknown>).key;
    if (typeof given === 'string') {
      if (!sameSecret(given, key)) return reply.code(401).send('wrong key');
      reply.header('set-cookie', `${COOKIE}=${key}; HttpOnly; SameSite=Strict; Path=/`);
      return reply.redirect('/');
    }
    return sendIndex(reply, indexHtml);
  });
  app.get('/index.html', async (_request, reply) => sendIndex(reply, indexHtml));
  const favicon = await readFile(FAVICON);
  app.get('/favicon.ico', async (_request, reply) =>
    reply.type('image/x-icon').header('cache-control', 'max-age=86400').send(favicon),
  );

  app.setErrorHandler((error: { statusCode?: number; message: string }, _request, reply) => {
    return reply.code(error.statusCode ?? 500).send({
      ok: false,
      error: { code: 'invalid-request', message: error.message, field: null },
    });
  });

  // The same path the app:// handler answers: remote pictures the core fetched.
  app.get(REMOTE_IMAGE_PATH, async (request, reply) => {
    const { url } = request.query as { url?: unknown };
    const answer = await options.core.remoteImages.load(typeof url === 'string' ? url : '');
    if (!answer.ok) return reply.code(answer.status).send();
    return reply
      .type(answer.contentType)
      .header('content-security-policy', REMOTE_IMAGE_POLICY)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, max-age=86400')
      .send(answer.bytes);
  });

  app.post('/ipc/:channel', async (request) => {
    const { channel } = request.params as { channel: string };
    return options.core.router.handle(channel, request.body);
  });

  app.get('/events', (request, reply) => {
    reply.hijack();
    reply.raw.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-store',
      connection: 'keep-alive',
    });
    reply.raw.write(': connected\n\n');
    const unsubscribe = options.core.onEvent((event) => {
      reply.raw.write(`data: ${JSON.stringify(event)}\n\n`);
    });
    request.raw.on('close', unsubscribe);
  });

  await app.register(fastifyStatic, { root: options.staticDir, index: false, wildcard: true });

  const address = await app.listen({ host: '127.0.0.1', port: options.port ?? 0 });
  origin = address.replace('localhost', '127.0.0.1');
  return {
    url: `${origin}/?key=${key}`,
    origin,
    close: () => app.close(),
  };
}

/** The page with its policy as a header too, as the app:// handler sends it. */
function sendIndex(reply: FastifyReply, html: string) {
  return reply
    .type('text/html')
    .header('cache-control', 'no-store')
    .header('content-security-policy', CONTENT_SECURITY_POLICY)
    .header('x-content-type-options', 'nosniff')
    .send(html);
}

function hasKeyCookie(request: FastifyRequest, key: string): boolean {
  const cookies = request.headers.cookie ?? '';
  for (const part of cookies.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === COOKIE && value !== undefined && sameSecret(value, key)) return true;
  }
  return false;
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
