import { create } from 'zustand';
import type { SecretPresence } from '../../shared/model/session.ts';
import type { Settings, SettingsPatch } from '../../shared/model/settings.ts';
import { call } from '../ipc/parley.ts';
import { reportError } from './notice-store.ts';

interface SettingsState {
  settings: Settings | null;
  secrets: SecretPresence | null;
  load(): Promise<void>;
  update(patch: SettingsPatch): Promise<boolean>;
  /** The core answers a secret change with what is set now; the secret itself never comes back. */
  setSecrets(secrets: SecretPresence): void;
}

/** The change as the core will apply it (each section merged), shown before the core confirms it. */
function applied(settings: Settings, patch: SettingsPatch): Settings {
  return {
    ...settings,
    ...(patch.theme !== undefined && { theme: patch.theme }),
    ...(patch.notifications !== undefined && { notifications: patch.notifications }),
    polling: { ...settings.polling, ...patch.polling },
    webhooks: { ...settings.webhooks, ...patch.webhooks },
  };
}

export const useSettings = create<SettingsState>()((set, get) => ({
  settings: null,
  secrets: null,
  async load() {
    try {
      set(await call('settings:get', {}));
    } catch (error) {
      reportError(error);
    }
  },
  async update(patch) {
    const before = get().settings;
    // A checkbox follows the click at once; the core's answer then settles it.
    if (before) set({ settings: applied(before, patch) });
    try {
      set(await call('settings:update', patch));
      return true;
    } catch (error) {
      reportError(error);
      await get().load();
      return false;
    }
  },
  setSecrets: (secrets) => set({ secrets }),
}));
