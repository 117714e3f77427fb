import { existsSync, readdirSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sniffImageType } from '../../../main/core/remote/image-types.ts';
import { checkDestination } from '../../../main/core/remote/outbound-policy.ts';
import { MAX_IMAGE_BYTES } from '../../../main/core/remote/remote-images.ts';
import { recordingServer, signedOutCore, value } from './harness.ts';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

/** The smallest valid PNG: one transparent pixel. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

function send(response: ServerResponse, status: number, type: string, body: Buffer | string) {
  response.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body) });
  response.end(body);
}

/**
 * A messaging server that also serves pictures, as the sandbox serves the demo's: any
 * /v1/ path answers an empty list (enough to sign in), the rest by `routes`.
 */
async function workspaceServer(routes: Record<string, (response: ServerResponse) => void>) {
  return recordingServer(cleanups, (request, response) => {
    const path = request.url ?? '';
    if (path.startsWith('/v1/'))
      return send(response, 200, 'application/json', '{"data":[],"has_more":false}');
    const route = routes[path];
    if (route) return route(response);
    send(response, 404, 'text/plain', 'not found');
  });
}

async function signedInTo(url: string) {
  const started = await signedOutCore(cleanups);
  await value(started.core, 'session:signIn', { baseUrl: url, token: 'token-0123456789' });
  return started;
}

describe('remote images, loaded by the main process', () => {
  it("loads the signed-in server's own pictures, even on loopback, and keeps them on disk", async () => {
    const workspace = await workspaceServer({
      '/avatar.png': (r) => send(r, 200, 'image/png', PNG),
    });
    const { core, dataDir } = await signedInTo(workspace.url);

    const first = await core.remoteImages.load(`${workspace.url}/avatar.png`);
    expect(first).toMatchObject({ ok: true, contentType: 'image/png' });
    expect(first.ok && first.bytes.equals(PNG)).toBe(true);
    const again = await core.remoteImages.load(`${workspace.url}/avatar.png`);
    expect(again.ok).toBe(true);
    expect(workspace.seen.filter((request) => request.url === '/avatar.png')).toHaveLength(1);
    expect(readdirSync(join(dataDir, 'image-cache'))).toHaveLength(1);
    // No credentials with a picture, even to the server that has the token.
    expect(
      workspace.seen.find((request) => request.url === '/avatar.png')?.authorization,
    ).toBeUndefined();

    await value(core, 'session:signOut', { clearLocalData: true });
    await expect.poll(() => existsSync(join(dataDir, 'image-cache'))).toBe(false);
  });

  it('never reaches this computer or a private network otherwise, nor plain http', async () => {
    const workspace = await workspaceServer({});
    const other = await workspaceServer({ '/x.png': (r) => send(r, 200, 'image/png', PNG) });
    const { core } = await signedInTo(workspace.url);
    const addresses = [
      `${other.url}/x.png`,
      'https://127.0.0.1/x.png',
      'https://localhost/x.png',
      'https://[::1]/x.png',
      'https://10.1.2.3/x.png',
      'https://192.168.0.10/x.png',
      'https://169.254.169.254/latest/meta-data',
      'https://[fe80::1]/x.png',
      'https://[::ffff:127.0.0.1]/x.png',
      'http://example.org/x.png',
    ];
    for (const address of addresses) {
      expect([address, await core.remoteImages.load(address)]).toEqual([
        address,
        expect.objectContaining({ ok: false, status: 403 }),
      ]);
    }
    expect(other.seen).toEqual([]);
  });

  it('checks the address a name resolves to, not just the name', async () => {
    const { lookup } = checkDestination(new URL('https://pictures.example.org/x.png'), null);
    const resolved = await new Promise<unknown>((resolve) =>
      lookup!('localhost', {}, (error, address) => resolve(error ?? address)),
    );
    expect(resolved).toMatchObject({ name: 'OutboundRefused' });
  });

  it('checks every redirect like the first request', async () => {
    const other = await workspaceServer({ '/x.png': (r) => send(r, 200, 'image/png', PNG) });
    const workspace = await workspaceServer({
      '/moved.png': (response) => {
        response.writeHead(302, { location: `${other.url}/x.png` });
        response.end();
      },
    });
    const { core } = await signedInTo(workspace.url);
    expect(await core.remoteImages.load(`${workspace.url}/moved.png`)).toMatchObject({
      ok: false,
      status: 403,
    });
    expect(other.seen).toEqual([]);
  });

  it('takes only pictures: an image type and image bytes, no active SVG, within the size cap', async () => {
    const workspace = await workspaceServer({
      '/page.png': (r) => send(r, 200, 'image/png', '<html><script>alert(1)</script></html>'),
      '/labelled.html': (r) => send(r, 200, 'text/html', PNG),
      '/drawing.svg': (r) =>
        send(r, 200, 'image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>'),
      '/handler.svg': (r) =>
        send(r, 200, 'image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg" onload="x()"/>'),
      '/plain.svg': (r) =>
        send(
          r,
          200,
          'image/svg+xml',
          '<svg xmlns="http://www.w3.org/2000/svg"><circle r="4"/></svg>',
        ),
      '/huge.png': (r) =>
        send(r, 200, 'image/png', Buffer.concat([PNG, Buffer.alloc(MAX_IMAGE_BYTES)])),
    });
    const { core } = await signedInTo(workspace.url);
    const status = async (path: string) => {
      const answer = await core.remoteImages.load(`${workspace.url}${path}`);
      return answer.ok ? 200 : answer.status;
    };
    expect([
      await status('/page.png'),
      await status('/labelled.html'),
      await status('/drawing.svg'),
      await status('/handler.svg'),
      await status('/huge.png'),
    ]).toEqual([415, 415, 415, 415, 413]);
    // The signed-in server's own drawings (the demo's avatars) are pictures; no other host's are.
    expect(await status('/plain.svg')).toBe(200);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><circle r="4"/></svg>');
    expect([sniffImageType(svg, true), sniffImageType(svg, false)]).toEqual([
      'image/svg+xml',
      null,
    ]);
  });
});

describe("a link's type, asked by the main process", () => {
  it('is read from a HEAD request under the same rules', async () => {
    const workspace = await workspaceServer({
      '/photo.jpg': (r) => send(r, 200, 'image/jpeg; charset=binary', Buffer.alloc(1234)),
    });
    const { core } = await signedInTo(workspace.url);
    expect(await value(core, 'links:probe', { url: `${workspace.url}/photo.jpg` })).toEqual({
      mimeType: 'image/jpeg',
      size: 1234,
    });
    expect(workspace.seen.find((request) => request.url === '/photo.jpg')?.method).toBe('HEAD');
    expect(
      await core.router.handle('links:probe', { url: 'https://10.0.0.1/photo.jpg' }),
    ).toMatchObject({
      ok: false,
      error: { code: 'invalid-input', field: 'url' },
    });
  });
});
