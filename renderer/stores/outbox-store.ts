import { create } from 'zustand';
import type { OutboxEntryView } from '../../shared/model/outbox.ts';
import { call } from '../ipc/parley.ts';
import { openConversation } from './navigation.ts';
import { attempt } from './notice-store.ts';

interface OutboxState {
  /** Every write the server has not confirmed, failed ones first; refreshed as the counts move. */
  entries: OutboxEntryView[];
  /** Titles of the conversations the entries belong to, for saying where each change goes. */
  titles: Record<string, string>;
  refresh(): Promise<void>;
}

/**
 * Refreshes asked for so far. Each answer takes its titles' round trip too,
 * so an older one can land after a newer one: it holds the writes as they
 * were (a conversation still being started, where the newer answer says the
 * server refused it) and must not put them back.
 */
let refreshes = 0;

export const useOutbox = create<OutboxState>()((set, get) => ({
  entries: [],
  titles: {},
  async refresh() {
    const asked = ++refreshes;
    try {
      const { items } = await call('outbox:list', {});
      const failedFirst = [...items].sort(
        (a, b) => Number(b.state === 'failed') - Number(a.state === 'failed') || a.id - b.id,
      );
      const known = get().titles;
      const missing = [
        ...new Set(items.map((e) => e.conversationId).filter((id) => id !== null)),
      ].filter((id) => !(id in known));
      const found = await Promise.all(
        missing.map((id) => call('conversations:get', { id }).catch(() => null)),
      );
      const titles = { ...get().titles };
      for (const conversation of found) {
        if (conversation) titles[conversation.id] = conversation.title;
      }
      if (asked === refreshes) set({ entries: failedFirst, titles });
      else set({ titles });
    } catch {
      // The counts in the footer still say how many wait; the list comes with the next change.
    }
  },
}));

export async function retryWrite(outboxId: number) {
  await attempt(() => call('outbox:retry', { id: outboxId }));
  await useOutbox.getState().refresh();
}

export async function discardWrite(outboxId: number) {
  await attempt(() => call('outbox:discard', { id: outboxId }));
  await useOutbox.getState().refresh();
}

/** Gives a conversation the server refused another contact or group id, keeping what was written. */
export async function retargetConversation(
  conversationId: string,
  target: { contactId: string } | { groupId: string },
) {
  const moved = await attempt(() =>
    call('conversations:retarget', { id: conversationId, ...target }),
  );
  if (moved) openConversation(moved.conversationId);
  await useOutbox.getState().refresh();
  return moved !== undefined;
}
