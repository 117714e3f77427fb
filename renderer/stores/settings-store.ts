import { create } from 'zustand';
import type { SecretPresence } from '../../shared/model/session.ts';
import type { Settings } from '../../shared/model/settings.ts';
import { call } from '../ipc/parley.ts';
import { reportError } from './notice-store.ts';

interface SettingsState {
  settings: Settings | null;
  secrets: SecretPresence | null;
  load(): Promise<void>;
  /** The core answers a secret change with what is set now; the secret itself never comes back. */
  setSecrets(secrets: SecretPresence): void;
}

export const useSettings = create<SettingsState>()((set) => ({
  settings: null,
  secrets: null,
  async load() {
    try {
      set(await call('settings:get', {}));
    } catch (error) {
      reportError(error);
    }
  },
  setSecrets: (secrets) => set({ secrets }),
}));
