import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { generate } from 'selfsigned';
import { registerCatalogueService } from '../../../main/sandbox/catalogue/catalogue-service.ts';
import type {
  CatalogueOptions,
  CatalogueService,
} from '../../../main/sandbox/catalogue/catalogue-service.ts';
import { createSandboxApp } from '../../../main/sandbox/http/app.ts';
import { bearerAuth, createTokenLookup } from '../../../main/sandbox/http/auth.ts';
import { openSandboxDatabase } from '../../../main/sandbox/store/database.ts';
import { listenOnLoopback } from '../../support/loopback.ts';

export const SECRET = 'whsec_test_only_3f9a';
export const USERS = [
  { contactId: 'ava', token: 'token-ava' },
  { contactId: 'ben', token: 'token-ben' },
];
export const AVA = 'token-ava';
export const BEN = 'token-ben';

export interface Certificate {
  cert: string;
  key: string;
}

/** A self-signed certificate for 127.0.0.1: the receiver serves it, the sandbox trusts it. */
export async function makeCertificate(): Promise<Certificate> {
  const pems = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    notAfterDate: new Date(Date.now() + 86_400_000),
    extensions: [
      { name: 'basicConstraints', cA: true },
      { name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] },
    ],
  });
  return { cert: pems.cert, key: pems.private };
}

export interface ReceivedRequest {
  at: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** What the receiver does with its n-th request (1-based): answer a status, hang, or reset. */
export type Behaviour = (attempt: number) => number | 'hang' | 'reset';

export interface Receiver {
  url: string;
  requests: ReceivedRequest[];
  close(): Promise<void>;
}

export async function startReceiver(
  certificate: Certificate,
  behave: Behaviour,
): Promise<Receiver> {
  const requests: ReceivedRequest[] = [];
  const server = createServer(certificate, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      requests.push({ at: Date.now(), headers: req.headers, body: Buffer.concat(chunks) });
      const action = behave(requests.length);
      if (action === 'reset') req.socket.destroy();
      else if (action !== 'hang') res.writeHead(action).end('ok');
    });
  });
  const { port, close } = await listenOnLoopback(server);
  return { url: `https://127.0.0.1:${port}/hooks/parley`, requests, close };
}

export interface Catalogue {
  baseUrl: string;
  service: CatalogueService;
  lines: string[];
  call(method: string, path: string, options?: CallOptions): Promise<Answer>;
  close(): Promise<void>;
}

export interface CallOptions {
  token?: string | null;
  json?: unknown;
  headers?: Record<string, string>;
  body?: string;
}

export interface Answer {
  status: number;
  // Tests read whatever the service answered; each assertion says what it expects.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

/** The catalogue service on a real sandbox Fastify instance, on 127.0.0.1 and a free port. */
export async function startCatalogue(
  options: Partial<Omit<CatalogueOptions, 'database'>> & { dataFile?: string } = {},
): Promise<Catalogue> {
  const { dataFile, ...rest } = options;
  const database = openSandboxDatabase(dataFile);
  const lines: string[] = [];
  const app = await createSandboxApp({ bodyLimit: 1_000_000, log: (line) => lines.push(line) });
  app.addHook('onRequest', bearerAuth(createTokenLookup(USERS)));
  const service = await registerCatalogueService(app, {
    database,
    secret: SECRET,
    backoffMs: 20,
    timeoutMs: 2000,
    log: (line) => lines.push(line),
    ...rest,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    baseUrl,
    service,
    lines,
    async call(method, path, { token = AVA, json, headers = {}, body } = {}) {
      const response = await fetch(baseUrl + path, {
        method,
        headers: {
          ...(token === null ? {} : { authorization: `Bearer ${token}` }),
          ...(json === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        body: json === undefined ? body : JSON.stringify(json),
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : null };
    },
    async close() {
      await app.close();
      await service.close();
      database.close();
    },
  };
}

/** Polls until `check` returns a value, or fails after a generous limit with what it saw last. */
export async function eventually<T>(
  check: () => Promise<T | undefined> | T | undefined,
  limitMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** The delivery log entry of one notification, once none of its deliveries is pending. */
export async function settledNotification(catalogue: Catalogue, id: string) {
  return eventually(async () => {
    const { body } = await catalogue.call('GET', '/_sandbox/deliveries?limit=100');
    const entry = body.data.find((n: { id: string }) => n.id === id);
    const settled = entry?.deliveries.every((d: { state: string }) => d.state !== 'pending');
    return settled ? entry : undefined;
  });
}
