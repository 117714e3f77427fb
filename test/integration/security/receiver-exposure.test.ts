import { afterEach, describe, expect, it } from 'vitest';
import { invoke, signedOutCore, value } from './harness.ts';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

describe('exposing the webhook receiver', () => {
  it('is not something a plain settings update can do', async () => {
    const { core } = await signedOutCore(cleanups);
    const moved = await invoke(core, 'settings:update', { webhooks: { host: '0.0.0.0' } });
    expect(moved).toMatchObject({ ok: false, error: { code: 'invalid-request' } });
    expect(core.settings.get().webhooks.host).toBe('127.0.0.1');
  });

  it('is its own action, taking only an address of this computer', async () => {
    const { core } = await signedOutCore(cleanups);
    const exposed = await value<{ settings: { webhooks: { host: string } } }>(
      core,
      'webhooks:setListenAddress',
      { host: '0.0.0.0' },
    );
    expect(exposed.settings.webhooks.host).toBe('0.0.0.0');
    for (const host of ['evil.example.org', '127.0.0.1; rm -rf', '']) {
      expect(await invoke(core, 'webhooks:setListenAddress', { host })).toMatchObject({
        ok: false,
        error: { field: 'host' },
      });
    }
    expect(core.settings.get().webhooks.host).toBe('0.0.0.0');
  });
});

describe('the webhook secret', () => {
  it('shows nothing of a short secret, and four characters of a long one', async () => {
    const { core } = await signedOutCore(cleanups);
    const short = await value(core, 'webhooks:setSecret', { secret: 'eight-ch' });
    expect(short).toMatchObject({ webhookSecret: true, webhookSecretHint: null });
    const long = 'whsec_0123456789abcdefghijklmnopqrstuvwxyz';
    expect(await value(core, 'webhooks:setSecret', { secret: long })).toMatchObject({
      webhookSecret: true,
      webhookSecretHint: '…wxyz',
    });
  });

  it('the app generates for its demo workspace is at least 32 bytes', async () => {
    const { core, vault } = await signedOutCore(cleanups);
    await value(core, 'session:useDemo');
    for (const name of ['demo-token', 'demo-webhook-secret'] as const) {
      const secret = await vault.get(name);
      expect(Buffer.from(secret ?? '', 'base64url').length).toBeGreaterThanOrEqual(32);
    }
  });
});
