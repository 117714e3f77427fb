import { describe, expect, it } from 'vitest';
import { createSettingsService } from '../../../main/core/settings/settings-service.ts';
import { relayScope, withinScope } from '../../../main/core/relay/relay-credentials.ts';
import { silentLogger } from '../../../main/core/ports/node-adapters.ts';
import { relayUrlProblem } from '../../../shared/model/relay.ts';
import { settingsPatch } from '../../../shared/model/settings.ts';
import { memoryKeyValueStore } from '../../support/memory-store.ts';

describe('a relay’s address', () => {
  it('is https anywhere, and http only on this computer', () => {
    for (const url of [
      'https://relay.example.org',
      'https://relay.example.org:8443/parley/',
      'http://127.0.0.1:8787',
      'http://127.8.0.1',
      'http://localhost:8787',
      'http://[::1]:8787',
    ]) {
      expect(relayUrlProblem(url), url).toBeNull();
    }
    expect(relayUrlProblem('http://relay.example.org')).toBe(
      'Parley sends tokens only over https: use https://relay.example.org. http:// is accepted only for this computer (localhost, 127.0.0.1 or ::1).',
    );
    expect(relayUrlProblem('http://192.168.1.20:8787')).toMatch(/only over https/);
    expect(relayUrlProblem('http://127.0.0.1.example.org')).toMatch(/only over https/);
    for (const url of ['relay.example.org', 'ftp://relay.example.org', '', 'https://']) {
      expect(relayUrlProblem(url), url).toBe('Enter the relay’s address, starting with https://.');
    }
    for (const url of [
      'https://user:pass@relay.example.org',
      'https://relay.example.org/?token=x',
      'https://relay.example.org/#x',
    ]) {
      expect(relayUrlProblem(url), url).toMatch(/without a user name/);
    }
  });

  it('scopes its token to its origin and path', () => {
    const scope = relayScope('https://example.org/relay/');
    expect(scope).toBe('https://example.org/relay');
    expect(withinScope(scope, new URL('https://example.org/relay/v1/events?limit=1'))).toBe(true);
    expect(withinScope(scope, new URL('https://example.org/relayed/v1/events'))).toBe(false);
    expect(withinScope(scope, new URL('https://example.org/v1/events'))).toBe(false);
    expect(withinScope(scope, new URL('http://example.org/relay/v1/events'))).toBe(false);
    expect(withinScope(scope, new URL('https://example.org:444/relay/v1/events'))).toBe(false);
  });

  it('is set only with its token, never by a plain settings change', () => {
    expect(settingsPatch.safeParse({ webhooks: { relayUrl: 'https://x.example' } }).success).toBe(
      false,
    );
    expect(settingsPatch.safeParse({ webhooks: { delivery: 'direct' } }).success).toBe(true);
  });
});

describe('the choice between a relay and direct delivery', () => {
  it('is the relay on a fresh install, and stays direct for a receiver that was on before', () => {
    const fresh = createSettingsService(memoryKeyValueStore(), silentLogger);
    expect(fresh.get().webhooks).toMatchObject({ delivery: 'relay', relayUrl: '', enabled: false });

    const before = memoryKeyValueStore();
    before.set('settings', { webhooks: { enabled: true, port: 9443 } });
    expect(createSettingsService(before, silentLogger).get().webhooks).toMatchObject({
      delivery: 'direct',
      enabled: true,
      port: 9443,
    });
    const off = memoryKeyValueStore();
    off.set('settings', { webhooks: { enabled: false } });
    expect(createSettingsService(off, silentLogger).get().webhooks.delivery).toBe('relay');
  });
});
