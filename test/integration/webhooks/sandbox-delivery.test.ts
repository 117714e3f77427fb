import { afterEach, describe, expect, it } from 'vitest';
import { CATALOGUE_EVENT_TYPES } from '../../../shared/model/settings.ts';
import { createCore, type Core } from '../../../main/core/create-core.ts';
import { plainNodeDeps } from '../core-harness.ts';
import type { Logger } from '../../../main/core/ports/ports.ts';
import { startSandbox, type Sandbox } from '../../../main/sandbox/sandbox.ts';
import { sandboxCall } from '../../support/sandbox-call.ts';
import { SECRET, startReceiver } from './receiver-harness.ts';
import { makeTempDir, removeTempDir } from '../../support/temp-dir.ts';

const cleanup: (() => unknown)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

async function sandboxTrusting(ca: string): Promise<Sandbox> {
  const sandbox = await startSandbox({ webhookSecret: SECRET, webhookBackoffMs: 50, trustCa: ca });
  cleanup.push(() => sandbox.close());
  return sandbox;
}

async function value<T>(core: Core, channel: string, request: unknown = {}): Promise<T> {
  const result = await core.router.handle(channel, request);
  if (!result.ok) throw new Error(`${channel}: ${result.error.message}`);
  return result.value as T;
}

describe('deliveries from the sandbox catalogue service over HTTPS', () => {
  it('registers through IPC, and stores each of the nine event types the service delivers', async () => {
    const dataDir = makeTempDir('parley-webhooks-sandbox-');
    const core = createCore(plainNodeDeps(dataDir));
    cleanup.push(() => removeTempDir(dataDir));
    cleanup.push(() => core.stop());
    core.settings.update({ webhooks: { delivery: 'direct', enabled: true, port: 0 } });
    await core.start();
    // Only the user's own receiver: the demo workspace's activity would mix in.
    await value(core, 'session:signOut', { clearLocalData: true });
    const { pem } = await value<{ pem: string }>(core, 'webhooks:exportCertificate');
    const { url } = await value<{ url: string }>(core, 'webhooks:status');
    const sandbox = await sandboxTrusting(pem);

    await value(core, 'webhooks:setSecret', { secret: SECRET });
    await value(core, 'webhooks:setCatalogueToken', {
      catalogueUrl: sandbox.url,
      token: sandbox.users[0]?.token,
    });
    const registration = await value<{ id: string; events: string[] }>(core, 'webhooks:register', {
      catalogueUrl: sandbox.url,
      notificationUrl: url,
      events: [...CATALOGUE_EVENT_TYPES],
    });
    expect(registration.id).not.toBe('');

    const ids: string[] = [];
    for (const type of CATALOGUE_EVENT_TYPES) {
      const emitted = await sandboxCall(sandbox, '/_sandbox/events', { type });
      expect(emitted.status).toBe(202);
      ids.push(String(emitted.body.id));
    }

    const listed = () =>
      value<{ items: { id: string; type: string }[]; total: number }>(core, 'activity:list', {});
    await expect.poll(async () => (await listed()).total, { timeout: 15_000 }).toBe(9);
    const { items } = await listed();
    expect(items.map((item) => item.type).sort()).toEqual([...CATALOGUE_EVENT_TYPES].sort());
    expect(items.map((item) => item.id).sort()).toEqual([...ids].sort());
  });

  it('answers 500 once, then stores the retried delivery exactly once', async () => {
    let failures = 0;
    let dropFault = () => {};
    // The one-shot fault: the first insert hits a trigger; the receiver logs the
    // failed delivery and the trigger is dropped, so the service's retry succeeds.
    const log: Logger = {
      info() {},
      warn() {},
      error() {
        failures += 1;
        dropFault();
      },
    };
    const harness = await startReceiver({ log });
    cleanup.push(() => harness.close());
    dropFault = () => harness.db.exec('DROP TRIGGER IF EXISTS fail_once');
    harness.db.exec(`
      CREATE TRIGGER fail_once BEFORE INSERT ON activity
      BEGIN SELECT RAISE(ABORT, 'injected failure'); END;
    `);
    const sandbox = await sandboxTrusting(harness.ca);
    const registered = await sandboxCall(sandbox, '/v1/webhooks', {
      notificationUrl: harness.url,
      events: ['order.created'],
    });
    expect(registered.status).toBe(201);

    const emitted = await sandboxCall(sandbox, '/_sandbox/events', { type: 'order.created' });
    const attempts = async () => {
      const { body } = await sandboxCall(sandbox, '/_sandbox/deliveries');
      const entries = body.data as {
        id: string;
        deliveries: { attempts: { status: number | null }[] }[];
      }[];
      const entry = entries.find((candidate) => candidate.id === emitted.body.id);
      return entry?.deliveries.flatMap((delivery) =>
        delivery.attempts.map((attempt) => attempt.status),
      );
    };
    await expect.poll(attempts, { timeout: 15_000 }).toEqual([500, 200]);
    expect(failures).toBe(1);
    expect(harness.storedIds()).toEqual([emitted.body.id]);
  });
});
