import { create } from 'zustand';
import type { ReceiverStatus } from '../../shared/model/activity.ts';
import { call } from '../ipc/parley.ts';

/** The receiver restarts in the background after a settings change; the status follows it. */
const FOLLOW_MS = 1_500;

interface ReceiverState {
  status: ReceiverStatus | null;
  refresh(): Promise<void>;
  /** Keeps the status current while someone looks at it; returns the stop. */
  follow(): () => void;
}

export const useReceiver = create<ReceiverState>()((set, get) => ({
  status: null,
  async refresh() {
    try {
      set({ status: await call('webhooks:status', {}) });
    } catch {
      // The last status stays; the next refresh tries again.
    }
  },
  follow() {
    void get().refresh();
    const timer = setInterval(() => void get().refresh(), FOLLOW_MS);
    return () => clearInterval(timer);
  },
}));
