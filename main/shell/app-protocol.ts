import { net, protocol } from 'electron';
import { join, normalize, relative, isAbsolute } from 'node:path';
import { pathToFileURL } from 'node:url';

export const APP_ORIGIN = 'app://parley';

export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: http: https:",
  "connect-src 'self'",
  "font-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "object-src 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** Must run before `app.ready`: makes app:// a standard, secure origin so 'self' means the bundle. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: false } },
  ]);
}

/** Serves the renderer bundle from disk with the CSP as a real header; nothing outside the bundle. */
export function serveRenderer(rendererDir: string): void {
  protocol.handle('app', async (request) => {
    const { host, pathname } = new URL(request.url);
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
