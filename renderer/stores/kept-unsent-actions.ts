import type { KeptUnsent } from '../../shared/model/message.ts';
import { copyText } from './clipboard.ts';
import { useDrafts } from './draft-store.ts';
import { dismissKept } from './kept-unsent-store.ts';
import { openConversation } from './navigation.ts';

export function copyKept(item: KeptUnsent) {
  copyText(item.text);
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
