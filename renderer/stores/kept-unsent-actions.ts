import type { KeptUnsent } from '../../shared/model/message.ts';
import { useDrafts } from './draft-store.ts';
import { dismissKept } from './kept-unsent-store.ts';
import { openConversation } from './navigation.ts';
import { useNotices } from './notice-store.ts';

export function copyKept(item: KeptUnsent) {
  navigator.clipboard.writeText(item.text).then(
    () => useNotices.getState().push('info', 'Copied'),
    () => useNotices.getState().push('error', 'Parley could not copy the text; select it instead.'),
  );
}

/** Opens the chosen conversation with the kept text in its composer, after any draft there. */
export async function moveKept(item: KeptUnsent, conversationId: string) {
  const drafts = useDrafts.getState();
  await drafts.load(conversationId);
  const existing = useDrafts.getState().drafts[conversationId]?.trim();
  drafts.setDraft(conversationId, existing ? `${existing}\n${item.text}` : item.text);
  drafts.flush(conversationId);
  openConversation(conversationId);
  await dismissKept(item.id);
}
