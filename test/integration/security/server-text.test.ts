import type { ServerResponse } from 'node:http';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startDeviantServer } from '../../support/deviant-server.ts';
import { tempDir } from '../../support/temp-dir.ts';
import { runCli } from '../cli/cli-process.ts';
import { invoke, recordingServer, signedOutCore } from './harness.ts';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

const json = (status: number, body: unknown) => (response: ServerResponse) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
};

describe('what a server answered reaches the user only as a recognised, bounded message', () => {
  it('shows no arbitrary body: a page, a stack trace, a long text', async () => {
    const bodies = [
      { type: 'text/html', text: '<html><body>INTERNAL-PAGE of the proxy</body></html>' },
      { type: 'text/plain', text: 'Error: INTERNAL-TRACE\n    at handler (/srv/app.js:12:3)' },
      { type: 'text/plain', text: `INTERNAL-LONG ${'x'.repeat(5_000)}` },
      { type: 'application/octet-stream', text: 'INTERNAL-BINARY' },
    ];
    let next = 0;
    const server = await recordingServer(cleanups, (_, response) => {
      const body = bodies[next++ % bodies.length]!;
      response.writeHead(400, { 'content-type': body.type });
      response.end(body.text);
    });
    const { core } = await signedOutCore(cleanups);
    for (const _ of bodies) {
      const result = await invoke(core, 'session:signIn', {
        baseUrl: server.url,
        token: 'token-0123456789',
      });
      expect(result.ok).toBe(false);
      const message = result.ok ? '' : result.error.message;
      expect(message).not.toContain('INTERNAL');
      expect(message).toMatch(/^The server answered: The server refused the request\.$/);
    }
  });

  it("cuts a recognised message to 200 characters of the server's words", async () => {
    const said = 'Y'.repeat(5_000);
    const server = await recordingServer(cleanups, (_, response) =>
      json(422, { error: { message: said } })(response),
    );
    const { core } = await signedOutCore(cleanups);
    const result = await invoke(core, 'session:signIn', {
      baseUrl: server.url,
      token: 'token-0123456789',
    });
    const message = result.ok ? '' : result.error.message;
    expect(message.match(/Y+/)?.[0].length).toBe(199);
    expect(message.endsWith('Y…')).toBe(true);
  });
});

describe('the CLI with a rejected token', () => {
  it("quotes the server's own message", async () => {
    const server = await startDeviantServer();
    cleanups.push(() => server.close());
    const dir = tempDir('parley-cli-token-');
    cleanups.push(() => dir.remove());

    const refused = await runCli(
      ['--data-dir', join(dir.path, 'cli'), '--base-url', server.url, 'sync'],
      'not-a-valid-token',
    );
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim()).toBe(
      'error: the server did not accept PARLEY_TOKEN: “Unauthorized: missing or unknown token”',
    );
  });

  it('quotes at most 200 characters of it, on one line', async () => {
    const server = await recordingServer(cleanups, (_, response) =>
      json(401, { error: { message: `Token revoked.\n${'Z'.repeat(5_000)}` } })(response),
    );
    const dir = tempDir('parley-cli-token-');
    cleanups.push(() => dir.remove());

    const refused = await runCli(
      ['--data-dir', join(dir.path, 'cli'), '--base-url', server.url, 'sync'],
      'not-a-valid-token',
    );
    const lines = refused.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^error: the server did not accept PARLEY_TOKEN: “Token revoked\. Z+…”$/,
    );
    expect(lines[0]!.match(/“(.*)”/)?.[1]).toHaveLength(200);
  });
});
