import { net, protocol } from 'electron';
import { join, normalize, relative, isAbsolute } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  CONTENT_SECURITY_POLICY,
  REMOTE_IMAGE_PATH,
  REMOTE_IMAGE_POLICY,
} from '../../shared/security/content-security-policy.ts';
import type { ImageAnswer } from '../core/create-core.ts';

export const APP_ORIGIN = 'app://parley';

/** Must run before `app.ready`: makes app:// a standard, secure origin so 'self' means the bundle. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: false } },
  ]);
}

/**
 * Serves the renderer bundle from disk with the CSP as a real header; nothing
 * outside the bundle. `/remote-image?url=` answers a remote picture the core
 * fetched, since the page itself may load none.
 */
export function serveRenderer(
  rendererDir: string,
  loadImage: (url: string) => Promise<ImageAnswer>,
): void {
  protocol.handle('app', async (request) => {
    const { host, pathname, searchParams } = new URL(request.url);
    if (host === 'parley' && pathname === REMOTE_IMAGE_PATH) {
      return imageResponse(await loadImage(searchParams.get('url') ?? ''));
    }
    const path = normalize(
      join(rendererDir, decodeURIComponent(pathname === '/' ? '/index.html' : pathname)),
    );
    const inside = relative(rendererDir, path);
    if (
      host !== 'parley' ||
      inside.startsWith('..') ||
      isAbsolute(inside) ||
      inside.startsWith('preview-bridge')
    ) {
      return new Response('not found', { status: 404 });
    }
    const response = await net.fetch(pathToFileURL(path).toString());
    const headers = new Headers(response.headers);
    headers.set('content-security-policy', CONTENT_SECURITY_POLICY);
    headers.set('x-content-type-options', 'nosniff');
    return new Response(response.body, { status: response.status, headers });
  });
}

function imageResponse(answer: ImageAnswer): Response {
  if (!answer.ok) return new Response(null, { status: answer.status });
  return new Response(new Uint8Array(answer.bytes), {
    headers: {
      'content-type': answer.contentType,
      'content-security-policy': REMOTE_IMAGE_POLICY,
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, max-age=86400',
    },
  });
}
