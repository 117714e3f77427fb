import type { DesktopCapabilities, UpdateState } from '../../../shared/model/desktop.ts';

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
 * `relay-token` is kept together with the relay address it was given for.
 */
export type SecretName =
  | 'messaging-token'
  | 'demo-token'
  | 'catalogue-token'
  | 'webhook-secret'
  | 'demo-webhook-secret'
  | 'relay-token';

/** Small persistent key/value settings (electron-store in the app, conf in tests). */
export interface KeyValueStore {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
  delete(key: string): void;
}

export interface DesktopNotification {
  title: string;
  body: string;
  /** A newer notification with the same tag replaces the older one (one per conversation). */
  tag: string;
}

/**
 * What the user can do with a notification. The core decides what each does
 * (a reply goes through the outbox like a typed message); the host offers the
 * ones its platform can show and brings the window forward on a click.
 */
export interface NotificationActions {
  click(): void;
  reply?(text: string): void;
  markRead?(): void;
}

export interface Notifier {
  notify(notification: DesktopNotification, actions: NotificationActions): void;
  /** Unread messages in conversations neither muted nor archived: the badge and the tray. */
  setUnreadCount(count: number): void;
}

/**
 * What only a desktop host can do: install updates, list dictionaries. The
 * preview and the CLI answer that none of it is available.
 */
export interface DesktopHost {
  capabilities(): DesktopCapabilities;
  updates: {
    state(): UpdateState;
    /** Checks now (the user asked); resolves with the state the check left. */
    check(): Promise<UpdateState>;
    /** Quits, installs the downloaded update and starts again. */
    restart(): void;
    onChange(listener: (state: UpdateState) => void): () => void;
  };
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

/**
 * The services behind the demo workspace: a messaging server and a catalogue
 * service of its own (the sandbox, in a process of their own in every host).
 * The host passes a loader that imports them on demand, so a launch that
 * never opens the demo never loads them; the core never imports them.
 */
export type DemoServicesLoader = () => Promise<DemoServices>;

export interface DemoServices {
  start(options: DemoStartOptions): Promise<RunningDemo>;
  /** Deletes what `start` keeps under `dataDir`, so the next start seeds a fresh workspace. */
  erase(dataDir: string): Promise<void>;
}

export interface DemoStartOptions {
  /** The app's data directory, where the services keep their data (it survives restarts). */
  dataDir: string;
  /** The demo's own token (from the vault) that its messaging server accepts. */
  token: string;
  /** The demo's own secret its catalogue signs deliveries with, and its relay verifies. */
  webhookSecret: string;
  log: Logger;
}

export interface RunningDemo {
  /** The messaging server, spoken to as any server is, with the demo's token. */
  messagingUrl: string;
  /**
   * The demo's relay, which its catalogue delivers every event to: the core
   * pulls from it as from the user's own. Null when it runs without one (no
   * certificate could be made for it), so without activity.
   */
  relay: DemoRelay | null;
  /** The demo's source of catalogue activity. */
  catalogue: DemoCatalogue;
  /** Resolves, with why, if the services stop without being closed (their process died). */
  died: Promise<string>;
  close(): Promise<void>;
}

export interface DemoRelay {
  url: string;
  /** A token the relay accepts, handed over with its address: it is sent nowhere else. */
  token: string;
  /**
   * The certificate the relay serves HTTPS with (the catalogue delivers over
   * HTTPS only): the one the core trusts for it, and no other.
   */
  ca: string;
}

export interface DemoCatalogue {
  /**
   * Makes the shop's last weeks happen, each event delivered with its own
   * past time; answers their notification ids, oldest first.
   */
  history(): Promise<string[]>;
}

export interface CoreDeps {
  /** Where the local database and generated certificates live (Electron's userData in the app). */
  dataDir: string;
  vault: SecretVault;
  /** Settings and the last session, as small key/value pairs (not the database). */
  preferences: KeyValueStore;
  notifier: Notifier;
  /** The Electron shell's capabilities; absent in the preview and the CLI. */
  desktop?: DesktopHost;
  /** Opens a vetted http(s) URL in the system browser. */
  openExternal(url: string): Promise<void>;
  log: Logger;
  /** The demo workspace's services, imported only when the demo workspace is opened. */
  demo: DemoServicesLoader;
  clock?: Clock;
}
