import type { Session, SyncStatus } from '../../shared/model/session.ts';
import { call } from '../ipc/parley.ts';
import { attempt } from './notice-store.ts';
import { useSession } from './session-store.ts';
import { useSettings } from './settings-store.ts';

function settle(next: Session | undefined): boolean {
  if (!next) return false;
  useSession.getState().setSession(next);
  // What is saved (the token above all) changed with the session.
  void useSettings.getState().load();
  return true;
}

export async function openDemoWorkspace(): Promise<boolean> {
  return settle(await attempt(() => call('session:useDemo', {})));
}

export async function resetDemoWorkspace(): Promise<boolean> {
  return settle(await attempt(() => call('session:resetDemo', {})));
}

/** Tries the address and token against the server first; throws the refusal in words. */
export async function signIn(baseUrl: string, token: string): Promise<Session> {
  const next = await call('session:signIn', { baseUrl, token });
  settle(next);
  return next;
}

/** Writes the server has not confirmed, failed ones included: what removing local data drops. */
export function unsentIn(status: SyncStatus | null): number {
  return (status?.pendingWrites ?? 0) + (status?.failedWrites ?? 0);
}

/**
 * `unsentToDiscard` is how many unsent changes the user agreed to drop; the
 * core refuses to drop more, so a change made meanwhile is never lost unasked.
 */
export async function signOut(clearLocalData: boolean, unsentToDiscard = 0): Promise<boolean> {
  return settle(await attempt(() => call('session:signOut', { clearLocalData, unsentToDiscard })));
}
