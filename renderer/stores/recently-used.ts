import { create } from 'zustand';
import { keepStored, readStored } from '../lib/window-storage.ts';

interface RecentlyUsed {
  /** What this user picked, the latest first. */
  items: string[];
  remember(item: string): void;
}

/**
 * What someone picked lately, the latest first, kept in this window's storage:
 * which reactions and emoji a person uses is theirs, not the server's.
 */
function recentlyUsed(key: string, kept: number) {
  function stored(): string[] {
    try {
      const value: unknown = JSON.parse(readStored(key) ?? '[]');
      return Array.isArray(value) ? value.filter((item) => typeof item === 'string') : [];
    } catch {
      return [];
    }
  }
  return create<RecentlyUsed>()((set, get) => ({
    items: stored(),
    remember(item) {
      const items = [item, ...get().items.filter((other) => other !== item)].slice(0, kept);
      set({ items });
      keepStored(key, JSON.stringify(items));
    },
  }));
}

/** Reaction names, for the quick reactions. */
export const useRecentReactions = recentlyUsed('parley.recent-reactions', 24);

/** Emoji put in messages (by code, or from the picker), offered first among the codes typed. */
export const useRecentEmoji = recentlyUsed('parley.recent-emoji', 32);
