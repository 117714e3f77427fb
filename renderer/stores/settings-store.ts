import { create } from 'zustand';
import type { SecretPresence } from '../../shared/model/session.ts';
import { mergeSettings, type Settings, type SettingsPatch } from '../../shared/model/settings.ts';
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
    if (before) set({ settings: mergeSettings(before, patch) });
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
