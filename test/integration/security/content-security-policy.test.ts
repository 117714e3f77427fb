import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startPreviewServer } from '../../../main/preview/preview-server.ts';
import {
  CONTENT_SECURITY_POLICY,
  META_CONTENT_SECURITY_POLICY,
} from '../../../shared/security/content-security-policy.ts';
import { makeTempDir, removeTempDir } from '../../support/temp-dir.ts';
import { signedOutCore } from './harness.ts';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

const directive = (policy: string, name: string) =>
  policy
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name} `));

describe("the renderer's Content-Security-Policy", () => {
  it('lets the page load pictures from its own origin only: no http:, https: or data:', () => {
    expect(directive(CONTENT_SECURITY_POLICY, 'img-src')).toBe("img-src 'self'");
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/https?:|data:|\*/);
  });

  it("is index.html's meta tag too, word for word", () => {
    const html = readFileSync(join(import.meta.dirname, '../../../renderer/index.html'), 'utf8');
    const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]*)"/.exec(html)?.[1];
    expect(meta).toBe(META_CONTENT_SECURITY_POLICY);
  });

  it('is sent by the preview as a header, and remote pictures come from its own origin', async () => {
    const staticDir = makeTempDir('parley-preview-static-');
    cleanups.push(() => removeTempDir(staticDir));
    mkdirSync(staticDir, { recursive: true });
    writeFileSync(join(staticDir, 'index.html'), '<!doctype html><html><head></head></html>');
    const { core } = await signedOutCore(cleanups);
    const preview = await startPreviewServer({ core, staticDir });
    cleanups.push(() => preview.close());

    const opened = await fetch(preview.url, { redirect: 'manual' });
    const cookie = opened.headers.get('set-cookie')?.split(';')[0] ?? '';
    const page = await fetch(`${preview.origin}/`, { headers: { cookie } });
    expect(page.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);

    const picture = await fetch(
      `${preview.origin}/remote-image?url=${encodeURIComponent('https://10.0.0.1/a.png')}`,
      { headers: { cookie } },
    );
    expect(picture.status).toBe(403);
    const withoutKey = await fetch(`${preview.origin}/remote-image?url=x`);
    expect(withoutKey.status).toBe(401);
  });
});
