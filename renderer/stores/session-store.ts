import { create } from 'zustand';
import type { Session, SyncStatus } from '../../shared/model/session.ts';
import { describeError } from '../ipc/errors.ts';
import { call } from '../ipc/parley.ts';

interface SessionState {
  session: Session | null;
  status: SyncStatus | null;
  loadError: string | null;
  load(): Promise<void>;
  setSession(session: Session): void;
  setStatus(status: SyncStatus): void;
}

export const useSession = create<SessionState>()((set) => ({
  session: null,
  status: null,
  loadError: null,
  async load() {
    try {
      const [session, status] = await Promise.all([
        call('session:get', {}),
        call('status:get', {}).catch(() => null),
      ]);
      set({ session, status, loadError: null });
    } catch (error) {
      set({ loadError: describeError(error) });
    }
  },
  setSession: (session) => set({ session }),
  setStatus: (status) => set({ status }),
}));
