import { safeStorage } from 'electron';
import type Store from 'electron-store';
import type { KeyValueStore, Logger, SecretVault } from '../core/ports/ports.ts';

/**
 * Secrets encrypted with the OS keychain through safeStorage; only the
 * ciphertext reaches electron-store. Where the OS offers no real encryption
 * (Linux with no keyring: the `basic_text` backend), secrets are kept in memory
 * for this run only rather than written to disk in the clear.
 */
export function safeStorageVault(store: Store, log: Logger): SecretVault {
  const volatile = new Map<string, string>();
  const key = (name: string) => `secrets.${name}`;
  const encrypted = () =>
    safeStorage.isEncryptionAvailable() &&
    (process.platform !== 'linux' || safeStorage.getSelectedStorageBackend() !== 'basic_text');

  return {
    async get(name) {
      if (volatile.has(name)) return volatile.get(name) ?? null;
      const stored = store.get(key(name));
      if (typeof stored !== 'string') return null;
      try {
        return safeStorage.decryptString(Buffer.from(stored, 'base64'));
      } catch {
        log.warn('a stored secret could not be decrypted; sign in again', { name });
        return null;
      }
    },
    async set(name, value) {
      if (!encrypted()) {
        log.warn('no OS keychain: the secret is kept for this session only', { name });
        volatile.set(name, value);
        return;
      }
      store.set(key(name), safeStorage.encryptString(value).toString('base64'));
    },
    async delete(name) {
      volatile.delete(name);
      store.delete(key(name));
    },
  };
}

export function electronStoreKv(store: Store): KeyValueStore {
  return {
    get: (key) => store.get(key),
    set: (key, value) => store.set(key, value),
    delete: (key) => store.delete(key),
  };
}

export function fileLogger(): Logger {
  const write = (level: string, message: string, fields?: Record<string, unknown>) =>
    process.stderr.write(
      `${JSON.stringify({ time: new Date().toISOString(), level, message, ...fields })}\n`,
    );
  return {
    info: (m, f) => write('info', m, f),
    warn: (m, f) => write('warn', m, f),
    error: (m, f) => write('error', m, f),
  };
}
