import { create } from 'zustand';
import type { KeptUnsent } from '../../shared/model/message.ts';
import { call } from '../ipc/parley.ts';
import { attempt } from './notice-store.ts';

interface KeptState {
  /** Text written in conversations deleted elsewhere, never sent: the user decides what becomes of it. */
  items: KeptUnsent[];
  refresh(): Promise<void>;
}

export const useKeptUnsent = create<KeptState>()((set) => ({
  items: [],
  async refresh() {
    try {
      set({ items: (await call('unsent:listKept', {})).items });
    } catch {
      // Kept in the database either way; the next change shows it.
    }
  },
}));

export async function dismissKept(id: number) {
  await attempt(() => call('unsent:dismissKept', { id }));
  await useKeptUnsent.getState().refresh();
}
