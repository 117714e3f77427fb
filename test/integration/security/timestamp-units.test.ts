import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startDeviantServer } from '../../support/deviant-server.ts';
import { tempDir } from '../../support/temp-dir.ts';
import { runCli } from '../cli/cli-process.ts';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

describe('timestamps the app writes', () => {
  it('reach a server that uses milliseconds in milliseconds, from a fresh CLI process', async () => {
    const server = await startDeviantServer();
    cleanups.push(() => server.close());
    const dir = tempDir('parley-cli-units-');
    cleanups.push(() => dir.remove());
    const cli = (args: string[]) =>
      runCli(
        ['--data-dir', join(dir.path, 'cli'), '--base-url', server.url, ...args],
        server.token,
      );

    const created = await cli(['--json', 'new-conversation', '--contact', 'contact-eve']);
    expect(created.code).toBe(0);
    const { id } = JSON.parse(created.stdout) as { id: string };
    const before = Date.now();
    const archived = await cli(['archive', id]);
    expect(archived.code).toBe(0);

    const update = server.requests.find(
      (request) => request.method === 'PUT' && request.path === `/v1/conversations/${id}`,
    );
    const sent = Number(new URLSearchParams(update?.body).get('archived_at'));
    // Milliseconds of this very minute, not seconds (which a milliseconds server reads as January 1970).
    expect(sent).toBeGreaterThanOrEqual(before - 60_000);
    expect(sent).toBeLessThanOrEqual(Date.now());
  });
});
