import { createHmac } from 'node:crypto';
import { request, type Agent } from 'node:https';
import { join } from 'node:path';
import type { CoreEvent } from '../../../shared/ipc/events.ts';
import { DEFAULT_SETTINGS, type Settings } from '../../../shared/model/settings.ts';
import {
  memoryVault,
  recordingNotifier,
  silentLogger,
} from '../../../main/core/ports/node-adapters.ts';
import type { Clock, Logger } from '../../../main/core/ports/ports.ts';
import { openDatabase, type Database } from '../../../main/core/store/database.ts';
import {
  createWebhookReceiver,
  type ReceiverLimits,
  type WebhookReceiver,
} from '../../../main/core/webhooks/receiver.ts';
import { makeTempDir, removeTempDir } from '../../support/temp-dir.ts';

export const SECRET = 'test-webhook-secret-0123456789';
export const PATH = '/webhooks/catalogue';

/** Signs independently of the receiver's code: hex HMAC-SHA256 of exactly these bytes. */
export function sign(body: string | Buffer, secret = SECRET): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

let sequence = 0;
export function notification(type: string, payload: Record<string, unknown>, timestamp?: string) {
  sequence += 1;
  return {
    id: `ntf-${process.pid}-${sequence}`,
    type,
    timestamp: timestamp ?? new Date(Date.UTC(2025, 0, 1, 0, 0, sequence)).toISOString(),
    payload,
  };
}

/**
 * Signed bodies that are not a notification envelope: broken JSON, missing or
 * mistyped fields, and JSON nested so deep that serializing it again would
 * overflow the stack (the last one). Every endpoint answers each with 400.
 */
export function notEnvelopes(event: ReturnType<typeof notification>): string[] {
  return [
    '{"id": "x", "type": ',
    JSON.stringify({ ...event, payload: undefined }),
    JSON.stringify({ ...event, payload: ['not', 'an', 'object'] }),
    JSON.stringify({ ...event, id: '' }),
    JSON.stringify({ ...event, type: 42 }),
    JSON.stringify({ ...event, timestamp: 1767225600 }),
    JSON.stringify([event]),
    JSON.stringify({ ...event, payload: { deep: 'HERE' } }).replace(
      '"HERE"',
      '['.repeat(100_000) + ']'.repeat(100_000),
    ),
  ];
}

export interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface Delivery {
  method?: string;
  body?: string | Buffer;
  headers?: Record<string, string>;
  /** Send the body chunked, without a content-length. */
  chunked?: boolean;
}

/** One HTTPS request, trusting only the given certificate. */
export function deliver(
  url: string,
  ca: string,
  delivery: Delivery,
  agent?: Agent,
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const body = delivery.body ?? '';
    const req = request(
      url,
      {
        method: delivery.method ?? 'POST',
        ca,
        agent,
        headers: {
          'content-type': 'application/json',
          ...(delivery.chunked ? {} : { 'content-length': String(Buffer.byteLength(body)) }),
          ...delivery.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    req.on('error', reject);
    if (delivery.chunked) {
      const buffer = Buffer.from(body);
      for (let at = 0; at < buffer.length; at += 64 * 1024)
        req.write(buffer.subarray(at, at + 64 * 1024));
      req.end();
    } else {
      req.end(body);
    }
  });
}

/** A correctly signed JSON delivery of `value`, serialized as given. */
export function signedDelivery(value: unknown): Delivery {
  const body = typeof value === 'string' ? value : JSON.stringify(value);
  return { body, headers: { 'x-webhook-signature': sign(body) } };
}

export interface Harness {
  receiver: WebhookReceiver;
  db: Database;
  url: string;
  ca: string;
  dataDir: string;
  events: CoreEvent[];
  notifier: ReturnType<typeof recordingNotifier>;
  settings: Settings;
  post(delivery: Delivery): Promise<Reply>;
  /** Runs the receiver's after-the-answer work (events, notifications), held until now. */
  runTimers(): void;
  storedIds(): string[];
  close(): Promise<void>;
}

export async function startReceiver(
  options: {
    secret?: string | null;
    dataDir?: string;
    log?: Logger;
    settings?: Settings;
    host?: string;
    limits?: Partial<ReceiverLimits>;
  } = {},
): Promise<Harness> {
  const ownDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? makeTempDir('parley-webhooks-');
  const db = openDatabase(join(dataDir, 'parley.db'));
  const secret = options.secret === undefined ? SECRET : options.secret;
  const events: CoreEvent[] = [];
  const clock = heldTimersClock();
  const notifier = recordingNotifier();
  const harness = {
    settings: options.settings ?? structuredClone(DEFAULT_SETTINGS),
  } as Harness;
  const receiver = createWebhookReceiver({
    db,
    vault: memoryVault(secret === null ? {} : { 'webhook-secret': secret }),
    dataDir,
    log: options.log ?? silentLogger,
    emit: (event) => events.push(event),
    notifier,
    getSettings: () => harness.settings,
    clock,
    limits: options.limits,
  });
  const { url } = await receiver.start({ host: options.host ?? '127.0.0.1', port: 0, path: PATH });
  const ca = await receiver.certificatePem();
  return Object.assign(harness, {
    receiver,
    db,
    url,
    ca,
    dataDir,
    events,
    notifier,
    post: (delivery: Delivery) => deliver(url, ca, delivery),
    runTimers: clock.runTimers,
    storedIds: () =>
      (db.prepare('SELECT id FROM activity ORDER BY seq').all() as { id: string }[]).map(
        (row) => row.id,
      ),
    async close() {
      await receiver.stop();
      db.close();
      if (ownDir) removeTempDir(dataDir);
    },
  });
}

/** Real time, but timers wait until the test runs them: batching becomes observable. */
function heldTimersClock(): Clock & { runTimers(): void } {
  let held: (() => void)[] = [];
  return {
    now: () => Date.now(),
    setTimeout(callback) {
      held.push(callback);
      return { cancel: () => (held = held.filter((other) => other !== callback)) };
    },
    runTimers() {
      const due = held;
      held = [];
      for (const callback of due) callback();
    },
  };
}
