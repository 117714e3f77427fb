import { afterEach, expect, it, vi } from 'vitest';
import { storeBoundSecret, vaultToken } from '../../../main/core/api/credentials.ts';
import { memoryVault } from '../../../main/core/ports/node-adapters.ts';

afterEach(() => vi.useRealTimers());

it('a token source for one sign-in reads the vault at most once a second, and keeps to its scope', async () => {
  vi.useFakeTimers({ now: 1_000_000 });
  const vault = memoryVault();
  await storeBoundSecret(vault, 'messaging-token', 'https://chat.example/api', 'first');
  let reads = 0;
  const counted = {
    ...vault,
    get: (name: Parameters<typeof vault.get>[0]) => (reads++, vault.get(name)),
  };
  const token = vaultToken(counted, 'messaging-token', 1_000);

  expect(await token(new URL('https://chat.example/api/v1/messages'))).toBe('first');
  expect(await token(new URL('https://chat.example/api/v1/messages/m1'))).toBe('first');
  expect(await token(new URL('https://elsewhere.example/api/v1/messages'))).toBeNull();
  expect(reads).toBe(1);

  await storeBoundSecret(vault, 'messaging-token', 'https://chat.example/api', 'second');
  vi.advanceTimersByTime(1_000);
  expect(await token(new URL('https://chat.example/api/v1/messages'))).toBe('second');
  expect(reads).toBe(2);
});
