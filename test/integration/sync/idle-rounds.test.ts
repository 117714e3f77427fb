import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../shared/model/settings.ts';
import { startSandbox, type Sandbox } from '../../../main/sandbox/sandbox.ts';
import { recordingLog } from '../../unit/api/scripted-server.ts';
import { manualClock } from '../../support/manual-clock.ts';
import { recordCalls, startClient, type TestClient } from './harness.ts';
import { seedSandbox } from './sandbox-seed.ts';
import { tempDir } from '../../support/temp-dir.ts';

const ALICE = { contactId: 'alice', token: 'token-alice-0001' };
const POLLING = { ...DEFAULT_SETTINGS.polling, focusedMs: 5_000, conversationsMs: 30_000 };

describe('polling rounds against the sandbox', () => {
  let dir: ReturnType<typeof tempDir>;
  let sandbox: Sandbox;
  let client: TestClient;

  afterEach(async () => {
    await client.close();
    await sandbox.close();
    dir.remove();
  });

  async function start(token: string) {
    dir = tempDir('parley-sync-');
    const file = join(dir.path, 'server.db');
    // Every record at one timestamp: no page can show the server's list order.
    seedSandbox(file, {
      user: ALICE.contactId,
      conversations: 30,
      messages: 120,
      spreadSeconds: 0,
    });
    sandbox = await startSandbox({ users: [ALICE], dataFile: file });
    const clock = manualClock(Date.now());
    const recorder = recordingLog();
    let calls: string[] = [];
    client = startClient({
      url: sandbox.url,
      token,
      dir: join(dir.path, 'client'),
      clock,
      log: recorder.log,
      settings: { polling: POLLING },
      start: false,
      wrapApi(api) {
        const recorded = recordCalls(api);
        calls = recorded.calls;
        return recorded.api;
      },
    });
    client.engine.setActivity({ focused: true, visible: true, openConversationId: null });
    client.engine.start();
    /** Lets the poller's next timer fire and waits for that round to end. */
    const nextRound = async (ms: number) => {
      await clock.advance(ms);
      await vi.waitFor(() => expect(client.engine.status().lastSyncedAt).toBe(clock.now()), {
        timeout: 10_000,
        interval: 5,
      });
      return calls.splice(0);
    };
    return { clock, recorder, calls: () => calls, nextRound };
  }

  it('costs one message list request per idle round, however many conversations, plus the list every conversationsMs', async () => {
    const { recorder, nextRound, calls } = await start(ALICE.token);
    await nextRound(0);
    expect(client.engine.status().initialSync).toMatchObject({ done: true });
    // Older history comes in the background, before the idle rounds this counts.
    await client.engine.history.settled();
    expect(client.engine.status().history).toEqual({ done: true, items: 120, indexed: true });
    calls().splice(0);
    expect(client.api.traits.listOrder).toBe('unknown');
    const strategies = recorder.lines.filter((line) => line.message === 'sync strategy');
    expect(strategies.map((line) => line.fields?.strategy)).toEqual(['newest-first']);

    const rounds: string[][] = [];
    for (let i = 0; i < 12; i++) rounds.push(await nextRound(POLLING.focusedMs));
    const both = ['listMessages', 'listConversations'];
    const messages = ['listMessages'];
    // The initial sync fetched the whole list; the next refresh comes a period after it.
    expect(rounds).toEqual([...Array(5).fill(messages), both, ...Array(5).fill(messages), both]);
  });

  it('stops polling and reports it when the server refuses the token', async () => {
    const { clock, calls } = await start('token-nobody-0000');
    await vi.waitFor(() => expect(client.engine.status().connection).toBe('unauthorized'), {
      timeout: 10_000,
      interval: 5,
    });
    const asked = calls().length;
    expect(asked).toBe(1);
    await clock.advance(60 * 60_000);
    client.engine.setActivity({ focused: true, visible: true, openConversationId: 'conv_x' });
    await clock.advance(60_000);
    expect(calls()).toHaveLength(asked);
    expect(client.engine.status().lastError).toMatch(/sign in again/);
  });
});
