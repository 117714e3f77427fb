import { create } from 'zustand';
import type { RelayStatus } from '../../shared/model/relay.ts';
import { call } from '../ipc/parley.ts';

interface RelayState {
  /** The user's relay and the demo's, each as last heard of (`off` when not in use). */
  relays: RelayStatus[];
  load(): Promise<void>;
  /** A `relay` event or a relay:configure answer: that relay's state now. */
  update(status: RelayStatus): void;
}

const ORDER: RelayStatus['source'][] = ['catalogue', 'demo'];

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
