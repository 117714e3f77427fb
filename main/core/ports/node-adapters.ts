import Conf from 'conf';
import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { UpdateState } from '../../../shared/model/desktop.ts';
import type {
  DesktopHost,
  DesktopNotification,
  KeyValueStore,
  Logger,
  NotificationActions,
  Notifier,
  SecretName,
  SecretVault,
} from './ports.ts';

/**
 * Plain-Node adapters for the preview, the CLI and tests. The vault keeps
 * secrets in a 0600 file: acceptable for a developer's preview or a headless
 * CLI, while the app itself uses the OS keychain through safeStorage.
 */
export function fileVault(dir: string): SecretVault {
  const file = (name: SecretName) => join(dir, 'secrets', `${name}.secret`);
  return {
    async get(name) {
      try {
        return await readFile(file(name), 'utf8');
      } catch {
        return null;
      }
    },
    async set(name, value) {
      await mkdir(join(dir, 'secrets'), { recursive: true, mode: 0o700 });
      await writeFile(file(name), value, { mode: 0o600 });
      await chmod(file(name), 0o600);
    },
    async delete(name) {
      await rm(file(name), { force: true });
    },
  };
}

/** Secrets that live only as long as the process: for tests and for env-provided tokens. */
export function memoryVault(initial: Partial<Record<SecretName, string>> = {}): SecretVault {
  const secrets = new Map<SecretName, string>(Object.entries(initial) as [SecretName, string][]);
  return {
    get: async (name) => secrets.get(name) ?? null,
    set: async (name, value) => void secrets.set(name, value),
    delete: async (name) => void secrets.delete(name),
  };
}

export function confStore(dir: string): KeyValueStore {
  const conf = new Conf<Record<string, unknown>>({
    cwd: dir,
    configName: 'settings',
    projectName: 'parley',
    // The settings name the servers and the receiver: the owner's to read, like the rest of the data.
    configFileMode: 0o600,
  });
  return {
    get: (key) => conf.get(key),
    set: (key, value) => conf.set(key, value),
    delete: (key) => conf.delete(key),
  };
}

/** A notifier that keeps what it was asked to show; the preview and tests read it back and act on it. */
export function recordingNotifier(): Notifier & {
  shown: DesktopNotification[];
  actions: NotificationActions[];
  badge: number;
  click(index: number): void;
} {
  const notifier = {
    shown: [] as DesktopNotification[],
    actions: [] as NotificationActions[],
    badge: 0,
    notify(notification: DesktopNotification, actions: NotificationActions) {
      notifier.shown.push(notification);
      notifier.actions.push(actions);
    },
    setUnreadCount(count: number) {
      notifier.badge = count;
    },
    click(index: number) {
      notifier.actions[index]?.click();
    },
  };
  return notifier;
}

/** A terminal shows no desktop notifications: the CLI's notifier. */
export const silentNotifier: Notifier = { notify() {}, setUnreadCount() {} };

const NOT_INSTALLED: UpdateState = {
  status: 'off',
  reason: 'not-installed',
  version: null,
  percent: null,
  lastCheckedAt: null,
  lastError: null,
};

/** The preview's and the CLI's answer: no tray, no login item, no dictionaries, no updates. */
export const noDesktopHost: DesktopHost = {
  capabilities: () => ({
    closeToTray: false,
    startAtLogin: false,
    spellCheckLanguages: [],
    systemSpellCheckLanguages: [],
  }),
  updates: {
    state: () => NOT_INSTALLED,
    check: async () => NOT_INSTALLED,
    restart() {},
    onChange: () => () => {},
  },
};

/** One JSON line per entry on stderr; fields never include secrets (callers pass ids, not tokens). */
export function consoleLogger(prefix = 'parley', quiet = false): Logger {
  const write = (level: string, message: string, fields?: Record<string, unknown>) => {
    if (quiet && level === 'info') return;
    process.stderr.write(`${JSON.stringify({ level, scope: prefix, message, ...fields })}\n`);
  };
  return {
    info: (m, f) => write('info', m, f),
    warn: (m, f) => write('warn', m, f),
    error: (m, f) => write('error', m, f),
  };
}

export const silentLogger: Logger = { info() {}, warn() {}, error() {} };
