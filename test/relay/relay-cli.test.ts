import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  notification,
  RELAY_ENV,
  signedDelivery,
  startRelayProcess,
  TOKENS,
  type RelayProcess,
} from './relay-harness.ts';
import { makeTempDir, removeTempDir } from '../support/temp-dir.ts';

const CLI = resolve(import.meta.dirname, '../../main/relay/relay-cli.ts');

let dir: string;
const running: RelayProcess[] = [];
beforeEach(async () => {
  dir = makeTempDir('parley-relay-cli-');
});
afterEach(async () => {
  for (const relay of running.splice(0)) await relay.process.stop();
  removeTempDir(dir);
});

/** Runs the CLI to its end; the relay's variables come only from `env`. */
async function runCli(args: string[], env: Record<string, string>) {
  const inherited = { ...process.env };
  delete inherited.PARLEY_RELAY_WEBHOOK_SECRET;
  delete inherited.PARLEY_RELAY_TOKENS;
  const child = spawn(
    process.execPath,
    [CLI, '--port', '0', '--data', join(dir, 'e.db'), ...args],
    {
      env: { ...inherited, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const [code] = await once(child, 'exit');
  return { code, stdout, stderr };
}

describe('npm run relay', () => {
  it('refuses to start without its secrets in the environment: one clear line, non-zero exit', async () => {
    const cases = [
      [{ PARLEY_RELAY_TOKENS: RELAY_ENV.PARLEY_RELAY_TOKENS }, 'PARLEY_RELAY_WEBHOOK_SECRET'],
      [{ PARLEY_RELAY_WEBHOOK_SECRET: 'whsec_x' }, 'PARLEY_RELAY_TOKENS'],
      [{ ...RELAY_ENV, PARLEY_RELAY_TOKENS: ' , ' }, 'at least one token'],
      [{ ...RELAY_ENV, PARLEY_RELAY_TOKENS: `${TOKENS[0]},short` }, 'at least 16 characters'],
    ] as const;
    for (const [env, named] of cases) {
      const { code, stdout, stderr } = await runCli([], env);
      expect(code).not.toBe(0);
      expect(stdout).toBe('');
      expect(stderr.trimEnd().split('\n')).toEqual([expect.stringContaining(named)]);
    }
  });

  it('refuses a wrong command line with what is wrong and its usage', async () => {
    const cases = [
      [['--port', 'eighty'], 'bad --port "eighty"'],
      [['--port', '70000'], 'the port must be 0 to 65535'],
      [['--tls-cert', 'cert.pem'], 'give both --tls-cert and --tls-key'],
      [['--secret', 'whsec_on_the_command_line'], "Unknown option '--secret'"],
      [['--retention-days', '0'], 'the retention must be a whole number of days'],
      [['--path', 'hooks'], 'the delivery path must start with /'],
      [['--path', '/v1/events'], 'the relay answers that itself'],
    ] as const;
    for (const [args, problem] of cases) {
      const { code, stdout, stderr } = await runCli([...args], RELAY_ENV);
      expect([args, code, stdout]).toEqual([args, 2, '']);
      expect(stderr.split('\n')[0]).toContain(problem);
      expect(stderr).toMatch(/^relay: .*\nusage: npm run relay/);
    }
  });

  it('says in one line why it cannot start: an unreadable certificate, a data file in use', async () => {
    const missing = await runCli(
      ['--tls-cert', join(dir, 'none.pem'), '--tls-key', join(dir, 'none.pem')],
      RELAY_ENV,
    );
    expect([missing.code, missing.stderr.trimEnd().split('\n')]).toEqual([
      1,
      [expect.stringMatching(/^relay: cannot read the TLS certificate .*none\.pem/)],
    ]);

    const first = await startRelayProcess(dir);
    running.push(first);
    const twin = await runCli(['--data', join(dir, 'events.db')], RELAY_ENV);
    expect([twin.code, twin.stderr.trimEnd().split('\n')]).toEqual([
      1,
      [expect.stringContaining('is in use by another relay')],
    ]);
  });

  it('prints exactly one line on stdout when ready: relay: <scheme>://<host>:<port>', async () => {
    const https = await startRelayProcess(dir);
    running.push(https);
    expect(https.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);

    const plain = spawn(process.execPath, [CLI, '--port', '0', '--data', join(dir, 'plain.db')], {
      env: { ...process.env, ...RELAY_ENV },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = once(plain, 'exit');
    let stdout = '';
    plain.stdout.on('data', (chunk) => (stdout += chunk));
    try {
      await expect.poll(() => stdout, { timeout: 20_000 }).toMatch(/\n$/);
      const url = stdout.slice('relay: '.length).trim();
      expect(stdout).toMatch(/^relay: http:\/\/127\.0\.0\.1:\d+\n$/);
      const answer = await fetch(`${url}/hooks/catalogue`, { method: 'POST', body: '{}' });
      expect(answer.status).toBe(415);
      expect(await (await fetch(`${url}/healthz`)).json()).toEqual({ ok: true });
    } finally {
      plain.kill('SIGTERM');
    }
    expect((await exited)[0]).toBe(0);
    // Log lines (here the refused delivery) went to stderr, never to stdout.
    expect(stdout).toMatch(/^relay: http:\/\/127\.0\.0\.1:\d+\n$/);
  });

  it('on SIGTERM answers a waiting pull, keeps what it stored, and exits 0', async () => {
    const relay = await startRelayProcess(dir);
    const event = notification('order.created', { number: 'SO-TERM' });
    expect((await relay.post(signedDelivery(event))).status).toBe(200);
    const { next_cursor: cursor } = (await relay.pull()).body;
    const waiting = relay.pull(`after=${cursor}&wait=30`);
    await new Promise((resolveSoon) => setTimeout(resolveSoon, 200));

    const exited = once(relay.process.child, 'exit');
    relay.process.child.kill('SIGTERM');
    const answer = await waiting;
    expect([answer.status, answer.body]).toEqual([
      200,
      { data: [], next_cursor: cursor, has_more: false },
    ]);
    expect((await exited)[0]).toBe(0);

    const again = await startRelayProcess(dir);
    running.push(again);
    expect((await again.pullAll()).map((stored) => stored.id)).toEqual([event.id]);
  });
});
