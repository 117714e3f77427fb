import { create } from 'zustand';
import { keepStored, readStored } from '../lib/window-storage.ts';

const KEY = 'parley.recent-reactions';
const KEPT = 24;

function stored(): string[] {
  try {
    const value: unknown = JSON.parse(readStored(KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((name) => typeof name === 'string') : [];
  } catch {
    return [];
  }
}

interface RecentReactions {
  /** Reaction names this user picked, the latest first. */
  names: string[];
  remember(name: string): void;
}

/** Kept in this window's storage: which reactions someone uses is theirs, not the server's. */
export const useRecentReactions = create<RecentReactions>()((set, get) => ({
  names: stored(),
  remember(name) {
    const names = [name, ...get().names.filter((other) => other !== name)].slice(0, KEPT);
    set({ names });
    keepStored(KEY, JSON.stringify(names));
  },
}));
