import type { CoreEvent } from '../../../../shared/ipc/events.ts';
import { ChangeBatch } from '../../events/change-batch.ts';
import type { Clock } from '../../ports/ports.ts';
import { conversationExists } from '../../store/conversation-queries.ts';
import type { Database } from '../../store/database.ts';
import { getDraft, setDraft } from '../../store/drafts.ts';
import { getOpenEdit, setOpenEdit } from '../../store/open-edits.ts';
import { dismissKeptUnsent, keepLateDraft, listKeptUnsent } from '../../store/kept-unsent.ts';
import { renameConversation } from '../../store/local-names.ts';
import { markAllRead, markRead, markUnread } from '../../store/read-markers.ts';
import { notFound } from '../../errors/core-error.ts';
import { currentId } from '../../outbox/id-replacement.ts';
import type { Handlers } from '../router.ts';

export interface LocalStateDeps {
  clock: Clock;
  /** Tells every view of the conversation that it changed (list, counts, badge). */
  emit(event: CoreEvent): void;
}

/**
 * State that lives on this device only: drafts, open edits, local names, read
 * markers. No server call.
 */
export function localStateHandlers(
  db: Database,
  deps: LocalStateDeps,
): Pick<
  Handlers,
  | 'drafts:get'
  | 'drafts:set'
  | 'edits:get'
  | 'edits:set'
  | 'unsent:listKept'
  | 'unsent:dismissKept'
  | 'conversations:rename'
  | 'conversations:markRead'
  | 'conversations:markUnread'
  | 'conversations:markAllRead'
> {
  const changed = (conversationId: string) =>
    deps.emit(new ChangeBatch().conversation(conversationId).toEvent());
  return {
    'drafts:get': async ({ conversationId }) => ({
      text: getDraft(db, currentId(db, conversationId)),
    }),
    'drafts:set': async (request) => {
      const { text } = request;
      const conversationId = currentId(db, request.conversationId);
      if (!conversationExists(db, conversationId)) {
        if (text.trim() === '') return { kept: false };
        keepLateDraft(db, conversationId, text);
        return { kept: true };
      }
      if (setDraft(db, conversationId, text, deps.clock.now())) changed(conversationId);
      return { kept: false };
    },
    'edits:get': async ({ conversationId }) => getOpenEdit(db, currentId(db, conversationId)),
    'edits:set': async (request) => {
      const edit = request.edit && {
        ...request.edit,
        messageId: currentId(db, request.edit.messageId),
      };
      setOpenEdit(db, currentId(db, request.conversationId), edit, deps.clock.now());
      return {};
    },
    'unsent:listKept': async () => ({ items: listKeptUnsent(db) }),
    'unsent:dismissKept': async ({ id }) => {
      if (!dismissKeptUnsent(db, id)) throw notFound('That kept text');
      return {};
    },
    'conversations:rename': async ({ id, localName }) => {
      if (!renameConversation(db, id, localName)) throw notFound('That conversation');
      changed(id);
      return {};
    },
    'conversations:markRead': async (request) => {
      const conversationId = currentId(db, request.conversationId);
      const upToMessageId =
        request.upToMessageId === undefined ? undefined : currentId(db, request.upToMessageId);
      if (markRead(db, conversationId, upToMessageId)) changed(conversationId);
      return {};
    },
    'conversations:markUnread': async (request) => {
      const conversationId = currentId(db, request.conversationId);
      if (markUnread(db, conversationId)) changed(conversationId);
      return {};
    },
    'conversations:markAllRead': async () => {
      const marked = markAllRead(db);
      if (marked.length > 0) {
        const batch = new ChangeBatch();
        for (const id of marked) batch.conversation(id);
        deps.emit(batch.toEvent());
      }
      return { marked: marked.length };
    },
  };
}
