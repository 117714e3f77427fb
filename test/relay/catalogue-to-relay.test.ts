import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../../main/cli/cli.ts';
import { startSandbox, type Sandbox } from '../../main/sandbox/sandbox.ts';
import { CATALOGUE_EVENT_TYPES } from '../../shared/model/settings.ts';
import { sandboxCall } from '../support/sandbox-call.ts';
import {
  HOOKS_PATH,
  relayCertificate,
  SECRET,
  startRelayProcess,
  TOKENS,
  type RelayProcess,
} from './relay-harness.ts';
import { makeTempDir, removeTempDir } from '../support/temp-dir.ts';

const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

/** The state of one notification's deliveries in the sandbox's delivery log. */
async function deliveryState(sandbox: Sandbox, id: string): Promise<string | undefined> {
  const { data } = (await sandboxCall(sandbox, '/_sandbox/deliveries?limit=100')).body as {
    data: { id: string; deliveries: { state: string }[] }[];
  };
  return data.find((entry) => entry.id === id)?.deliveries[0]?.state;
}

async function relayAndSandbox(): Promise<{ relay: RelayProcess; sandbox: Sandbox }> {
  const dir = makeTempDir('parley-relay-catalogue-');
  cleanup.push(async () => removeTempDir(dir));
  const relay = await startRelayProcess(dir);
  cleanup.push(() => relay.process.stop());
  const sandbox = await startSandbox({
    webhookSecret: SECRET,
    webhookBackoffMs: 50,
    trustCa: (await relayCertificate()).cert,
  });
  cleanup.push(() => sandbox.close());
  return { relay, sandbox };
}

describe('the catalogue service delivers to the relay; apps pull later', () => {
  it('keeps every delivery made while no app is connected, for each app in order, once', async () => {
    const { relay, sandbox } = await relayAndSandbox();

    // Registered exactly as the README says: `npm run cli -- webhooks register ...`.
    const out: string[] = [];
    const registered = await runCli(
      [
        'webhooks',
        'register',
        ...['--catalogue-url', sandbox.url, '--url', `${relay.url}${HOOKS_PATH}`],
        ...['--events', CATALOGUE_EVENT_TYPES.join(',')],
      ],
      {
        stdout: { write: (text: string) => out.push(text) },
        stderr: { write: (text: string) => out.push(text) },
        env: { PARLEY_CATALOGUE_TOKEN: sandbox.users[0]?.token ?? '' },
      },
    );
    expect([registered, out.join('')]).toEqual([0, expect.stringContaining('registered: ')]);

    // Every event type, twice, one after another, while no app is connected.
    const emitted: string[] = [];
    for (const type of [...CATALOGUE_EVENT_TYPES, ...CATALOGUE_EVENT_TYPES]) {
      const { id } = (await sandboxCall(sandbox, '/_sandbox/events', { type })).body;
      await expect
        .poll(() => deliveryState(sandbox, String(id)), { timeout: 15_000 })
        .toBe('delivered');
      emitted.push(String(id));
    }

    // An app connects later and pages through (4 at a time): each event once, in order.
    const laptop = await relay.pullAll(TOKENS[0], 4);
    expect(laptop.map((event) => event.id)).toEqual(emitted);
    expect(laptop.map((event) => event.type)).toEqual([
      ...CATALOGUE_EVENT_TYPES,
      ...CATALOGUE_EVENT_TYPES,
    ]);
    // A second app on the same relay receives all of them too.
    const desktop = await relay.pullAll(TOKENS[1], 7);
    expect(desktop).toEqual(laptop);

    // Caught up, a waiting pull hears of the next event, and of nothing already seen.
    const after = laptop.at(-1)?.cursor;
    const waiting = relay.pull(`after=${after}&wait=30`);
    const emittedLast = await sandboxCall(sandbox, '/_sandbox/events', { type: 'order.created' });
    const answer = await waiting;
    expect(answer.body.data.map((event: { id: string }) => event.id)).toEqual([
      emittedLast.body.id,
    ]);
  });
});
