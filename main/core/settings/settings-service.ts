import {
  DEFAULT_SETTINGS,
  mergeSettings,
  settings as settingsSchema,
  type Settings,
  type SettingsPatch,
} from '../../../shared/model/settings.ts';
import type { KeyValueStore, Logger } from '../ports/ports.ts';

const KEY = 'settings';

export interface SettingsService {
  get(): Settings;
  update(patch: SettingsPatch): Settings;
  /**
   * Delivery through the relay at `url`. Its address is not part of a plain
   * update: relay:configure sets it together with the token bound to it.
   */
  chooseRelay(url: string): Settings;
  /** Where the receiver listens; not part of a plain update (see webhooks:setListenAddress). */
  setReceiverHost(host: string): Settings;
  onChange(listener: (settings: Settings) => void): () => void;
}

/**
 * Settings live in the host's key/value preferences (electron-store in the app).
 * A stored value that no longer validates, say after a downgrade, falls back
 * to the defaults for that section rather than breaking start-up.
 */
export function createSettingsService(preferences: KeyValueStore, log: Logger): SettingsService {
  const listeners = new Set<(settings: Settings) => void>();
  let current = load();

  function load(): Settings {
    const stored = preferences.get(KEY);
    const merged = mergeSettings(
      DEFAULT_SETTINGS,
      isRecord(stored) ? withDeliveryChoice(stored as SettingsPatch) : {},
    );
    const parsed = settingsSchema.safeParse(merged);
    if (parsed.success) return parsed.data;
    log.warn('stored settings were invalid; using defaults', {
      issue: parsed.error.issues[0]?.message,
    });
    return DEFAULT_SETTINGS;
  }

  function save(next: Settings): Settings {
    current = settingsSchema.parse(next);
    preferences.set(KEY, current);
    for (const listener of listeners) listener(current);
    return current;
  }

  return {
    get: () => current,
    update: (patch) => save(mergeSettings(current, patch)),
    chooseRelay: (relayUrl) =>
      save({ ...current, webhooks: { ...current.webhooks, delivery: 'relay', relayUrl } }),
    setReceiverHost: (host) => save({ ...current, webhooks: { ...current.webhooks, host } }),
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * Settings saved before the choice between a relay and direct delivery: a
 * receiver that was on stays the way events arrive, whatever the default.
 */
function withDeliveryChoice(stored: SettingsPatch): SettingsPatch {
  const webhooks = stored.webhooks;
  if (!isRecord(webhooks) || webhooks.delivery !== undefined || webhooks.enabled !== true) {
    return stored;
  }
  return { ...stored, webhooks: { ...webhooks, delivery: 'direct' } };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
