/**
 * What the core needs from its host. The Electron shell implements these with
 * safeStorage, electron-store, Notification and shell.openExternal; tests, the
 * preview and the CLI implement them with plain Node. Nothing here is Electron.
 */

/** Secrets at rest (the access tokens, the webhook secret); encrypted by the host. */
export interface SecretVault {
  get(name: SecretName): Promise<string | null>;
  set(name: SecretName, value: string): Promise<void>;
  delete(name: SecretName): Promise<void>;
}
/**
 * `demo-token` and `demo-webhook-secret` belong to the embedded demo workspace
 * (its loopback token, the secret its catalogue feed is signed with), kept
 * apart so neither a real sign-in nor the user's webhook settings touch them.
 */
export type SecretName =
  'messaging-token' | 'demo-token' | 'catalogue-token' | 'webhook-secret' | 'demo-webhook-secret';

/** Small persistent key/value settings (electron-store in the app, conf in tests). */
export interface KeyValueStore {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
  delete(key: string): void;
}

export interface DesktopNotification {
  title: string;
  body: string;
  /** Conversation or activity the notification leads to when clicked. */
  conversationId?: string;
  activityId?: string;
}

export interface Notifier {
  notify(notification: DesktopNotification, onClick: () => void): void;
  setBadgeCount(count: number): void;
}

export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

export interface Clock {
  now(): number;
  setTimeout(callback: () => void, ms: number): { cancel(): void };
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout(callback, ms) {
    const handle = setTimeout(callback, ms);
    handle.unref?.();
    return { cancel: () => clearTimeout(handle) };
  },
};

export interface CoreDeps {
  /** Where the local database and generated certificates live (Electron's userData in the app). */
  dataDir: string;
  vault: SecretVault;
  store: KeyValueStore;
  notifier: Notifier;
  /** Opens a vetted http(s) URL in the system browser. */
  openExternal(url: string): Promise<void>;
  log: Logger;
  clock?: Clock;
}
