import type { NavigationTarget } from '../../shared/model/desktop.ts';
import { call } from '../ipc/parley.ts';
import { useActivity } from './activity-feed-store.ts';
import {
  conversationAt,
  conversationIndex,
  listScope,
  useConversationList,
} from './conversation-list-store.ts';
import { useDrafts } from './draft-store.ts';
import { useThread } from './thread-store.ts';
import { useUi } from './ui-store.ts';

/** Tells the core what the user is looking at, so polling speeds up or slows down. */
export function reportActivity(): void {
  call('app:activity', {
    focused: document.hasFocus(),
    visible: document.visibilityState === 'visible',
    openConversationId: useThread.getState().conversationId,
  }).catch(() => undefined);
}

/**
 * The core and the list hear of every change of the open conversation, its id
 * replaced by the server's too: the core polls it sooner, the unread list keeps it.
 */
export function followOpenConversation(): () => void {
  return useThread.subscribe((state, before) => {
    if (state.conversationId === before.conversationId) return;
    reportActivity();
    useConversationList.getState().opened(state.conversationId);
  });
}

export function openConversation(conversationId: string, focusMessageId?: string): void {
  void showConversation(conversationId, focusMessageId);
}

/** Opens a conversation, around `focusMessageId` when given; resolves once the thread shows it. */
export async function showConversation(
  conversationId: string,
  focusMessageId?: string,
): Promise<void> {
  const previous = useThread.getState().conversationId;
  if (previous && previous !== conversationId) useDrafts.getState().flush(previous);
  useUi.getState().setView('chats');
  await useThread.getState().open(conversationId, focusMessageId);
}

/** Where a clicked notification or a `parley://` link takes the user; dialogs give way. */
export function navigateTo(target: NavigationTarget): void {
  if (target.kind === 'shortcuts') {
    useUi.getState().openDialog({ kind: 'shortcuts' });
    return;
  }
  useUi.getState().closeDialog();
  if (target.kind === 'conversation') {
    openConversation(target.conversationId, target.messageId);
    return;
  }
  useActivity.getState().showOrder(target.kind === 'order' ? target.orderId : null);
  useUi.getState().setView('activity');
}

export function closeConversation(): void {
  const previous = useThread.getState().conversationId;
  if (previous) useDrafts.getState().flush(previous);
  useThread.getState().close();
}

/**
 * Alt+Shift+Up / Alt+Shift+Down: the unread conversation above or below the
 * open one in the list as filtered, round past its end.
 */
export async function openNeighbourUnread(step: 1 | -1): Promise<void> {
  const found = await call('conversations:nextUnread', {
    ...listScope(useConversationList.getState()),
    fromId: useThread.getState().conversationId,
    step,
  });
  if (!found) return;
  useConversationList.getState().revealRow(found.index);
  openConversation(found.id);
}

/** Alt+Up / Alt+Down: the neighbour in the list as it is filtered now. */
export async function openNeighbour(step: 1 | -1): Promise<void> {
  const list = useConversationList.getState();
  const currentId = useThread.getState().conversationId;
  const index = currentId === null ? -1 : conversationIndex(list.pages, currentId);
  const target = index < 0 ? 0 : index + step;
  if (target < 0 || target >= list.total) return;
  list.revealRow(target);
  const loaded = conversationAt(list.pages, target);
  if (loaded) return openConversation(loaded.id);
  const { items } = await call('conversations:list', {
    ...listScope(list),
    offset: target,
    limit: 1,
  });
  if (items[0]) openConversation(items[0].id);
}
