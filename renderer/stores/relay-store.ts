import { create } from 'zustand';
import type { RelayStatus } from '../../shared/model/relay.ts';
import { call, IpcFailure } from '../ipc/parley.ts';
import { useSettings } from './settings-store.ts';

interface RelayState {
  /** The user's relay and the demo's, each as last heard of (`off` when not in use). */
  relays: RelayStatus[];
  load(): Promise<void>;
  /** A `relay` event or a relay:configure answer: that relay's state now. */
  update(status: RelayStatus): void;
}

const ORDER: RelayStatus['source'][] = ['catalogue', 'demo'];

type RelayRequest = { url: string; token?: string };

/** Saves the relay's address (and token, bound to it); the settings and its state follow. */
export async function configureRelay(request: RelayRequest): Promise<void> {
  useRelays.getState().update(await call('relay:configure', request));
  await useSettings.getState().load();
}

/** Tries what is typed before anything is saved; a failure is thrown in the core's words. */
export async function testRelay(request: RelayRequest): Promise<string> {
  const result = await call('relay:test', request);
  if (!result.ok) throw new IpcFailure({ code: 'network', message: result.message, field: null });
  return result.message;
}

export const useRelays = create<RelayState>()((set, get) => ({
  relays: [],
  async load() {
    try {
      for (const status of (await call('relay:status', {})).relays) get().update(status);
    } catch {
      // The state is shown when known; a failed read leaves what was shown.
    }
  },
  update(status) {
    const shown = get().relays.find((relay) => relay.source === status.source);
    // An answer and an event can cross on the way: an older state never replaces a newer one.
    if (shown !== undefined && shown.revision > status.revision) return;
    const relays = [...get().relays.filter((relay) => relay.source !== status.source), status];
    set({ relays: relays.sort((a, b) => ORDER.indexOf(a.source) - ORDER.indexOf(b.source)) });
  },
}));
