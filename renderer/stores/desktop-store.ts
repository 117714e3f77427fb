import { create } from 'zustand';
import type { DesktopCapabilities, UpdateState } from '../../shared/model/desktop.ts';
import { call } from '../ipc/parley.ts';

interface DesktopState {
  /** Null until the core has answered. */
  update: UpdateState | null;
  capabilities: DesktopCapabilities | null;
  /** How many writes wait after a refused "Restart to update"; the banner asks again. */
  waitingWrites: number | null;
  load(): Promise<void>;
  setUpdate(update: UpdateState): void;
  /** Looks for an update now; the answer is the new state. */
  checkNow(): Promise<void>;
  /** Asks for the restart; the core refuses while writes wait, unless `force`. */
  restart(force: boolean): Promise<void>;
  dismissWarning(): void;
}

/** What the desktop host can do and how its update is going (nothing of it in the preview). */
export const useDesktop = create<DesktopState>()((set) => ({
  update: null,
  capabilities: null,
  waitingWrites: null,
  async load() {
    const [update, capabilities] = await Promise.all([
      call('updates:get', {}),
      call('desktop:capabilities', {}),
    ]);
    set({ update, capabilities });
  },
  setUpdate: (update) => set({ update }),
  async checkNow() {
    set({ update: await call('updates:check', {}) });
  },
  async restart(force) {
    const answer = await call('updates:restart', { force });
    set({ waitingWrites: answer.restarting ? null : answer.pendingWrites });
  },
  dismissWarning: () => set({ waitingWrites: null }),
}));
