import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { join, resolve } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { makeTempDir, removeTempDir } from '../support/temp-dir.ts';

const CLI = resolve(import.meta.dirname, '../../main/sandbox/sandbox-cli.ts');
const children: ChildProcess[] = [];

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

function startCli(args: string[]) {
  const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  return { child, next: async () => (await lines.next()).value as string, stderr: () => stderr };
}

describe('npm run sandbox', () => {
  it('prints the URL line and, without --user, a token line; the token works; SIGTERM stops it cleanly', async () => {
    const { child, next } = startCli(['--port', '0', '--demo']);
    const urlLine = await next();
    expect(urlLine).toMatch(/^sandbox: http:\/\/127\.0\.0\.1:\d+$/);
    const tokenLine = await next();
    expect(tokenLine).toMatch(/^token: \S+$/);
    const url = urlLine.slice('sandbox: '.length);
    const reply = await fetch(`${url}/v1/conversations`, {
      headers: { authorization: `Bearer ${tokenLine.slice('token: '.length)}` },
    });
    expect(reply.status).toBe(200);
    expect(((await reply.json()) as { data: unknown[] }).data.length).toBeGreaterThan(0);
    child.kill('SIGTERM');
    const [code] = await once(child, 'exit');
    expect(code).toBe(0);
  });

  it('takes users and groups, and prints no token line when users are given', async () => {
    const { child, next } = startCli([
      '--user',
      'ann:tok-ann',
      '--user',
      'ben:tok-ben',
      '--group',
      'crew:ann,ben',
    ]);
    const url = (await next()).slice('sandbox: '.length);
    const reply = await fetch(`${url}/v1/conversations`, {
      method: 'POST',
      headers: {
        authorization: 'Bearer tok-ben',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'group_id=crew',
    });
    expect(reply.status).toBe(200);
    child.kill('SIGINT');
    const [code] = await once(child, 'exit');
    expect(code).toBe(0);
  });

  it.each([
    [['--port', 'eighty']],
    [['--user', 'no-token']],
    [['--faults', 'chaos=1']],
    [['--rate-limit', '0']],
    [['--unknown']],
  ])('exits 2 with usage on stderr for %j', async (args) => {
    const { child, stderr } = startCli(args);
    const [code] = await once(child, 'exit');
    expect(code).toBe(2);
    expect(stderr()).toContain('usage: npm run sandbox');
  });

  it('exits 1 with one line naming an unusable --data file and the way out, and no usage', async () => {
    const dir = makeTempDir('parley-sandbox-cli-');
    try {
      const dataFile = join(dir, 'newer.db');
      const db = new DatabaseSync(dataFile);
      db.exec('PRAGMA user_version = 99');
      db.close();
      const { child, stderr } = startCli(['--data', dataFile]);
      const [code] = await once(child, 'exit');
      expect(code).toBe(1);
      expect(stderr().trim().split('\n')).toEqual([expect.stringContaining(dataFile)]);
      expect(stderr()).toContain('newer build');
      expect(stderr()).toContain('--data');
    } finally {
      removeTempDir(dir);
    }
  });
});
