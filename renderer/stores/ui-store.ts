import { create } from 'zustand';
import type { ConversationSummary } from '../../shared/model/conversation.ts';
import type { KeptUnsent, MessageView } from '../../shared/model/message.ts';

export interface ConfirmRequest {
  title: string;
  body: string;
  confirmLabel: string;
  /** Nothing is lost by confirming: its button is the ordinary blue one, not the red. */
  safe?: boolean;
  onConfirm(): void;
  /** A gentler way out offered beside the destructive one (archive instead of delete). */
  alternative?: { label: string; action(): void };
}

export type Dialog =
  | { kind: 'none' }
  /** New conversation, its field holding `contact` (a mention clicked) when given. */
  | { kind: 'new-conversation'; contact?: string }
  | { kind: 'quick-switcher' }
  /** The quick switcher, choosing where text kept from a deleted conversation goes. */
  | { kind: 'move-kept'; item: KeptUnsent }
  /** The quick switcher, choosing where a message is forwarded. */
  | { kind: 'forward'; message: MessageView }
  /** Settings, scrolled to one section when named. */
  | { kind: 'settings'; section?: SettingsSection }
  | { kind: 'unsent-changes' }
  | { kind: 'shortcuts' }
  | { kind: 'rename'; conversationId: string; currentName: string }
  /** Who a conversation is with, and its pictures and files. */
  | { kind: 'conversation-info'; conversation: ConversationSummary }
  /** The picture viewer, at the `index`th attachment of a message of the open thread. */
  | { kind: 'image'; messageId: string; index: number }
  | { kind: 'confirm'; request: ConfirmRequest };

export type View = 'chats' | 'activity';

/** The settings sections a view can send the user straight to. */
export type SettingsSection = 'orders';

interface UiState {
  dialog: Dialog;
  view: View;
  /**
   * Asks to put the focus in the composer, after what a menu or picker gives
   * it back to, the caret at `caret` (else after the text), or the text from
   * `caret` to `end` selected; `nonce` counts them.
   */
  composerFocus: { nonce: number; caret: number | null; end: number | null };
  openDialog(dialog: Dialog): void;
  closeDialog(): void;
  setView(view: View): void;
  focusComposer(caret?: number, end?: number): void;
}

export const useUi = create<UiState>()((set, get) => ({
  dialog: { kind: 'none' },
  view: 'chats',
  composerFocus: { nonce: 0, caret: null, end: null },
  openDialog: (dialog) => set({ dialog }),
  closeDialog: () => set({ dialog: { kind: 'none' } }),
  setView: (view) => set({ view }),
  focusComposer: (caret, end) =>
    set({
      composerFocus: {
        nonce: get().composerFocus.nonce + 1,
        caret: caret ?? null,
        end: end ?? null,
      },
    }),
}));

export function confirm(request: ConfirmRequest): void {
  useUi.getState().openDialog({ kind: 'confirm', request });
}
