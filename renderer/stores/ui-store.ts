import { create } from 'zustand';
import type { KeptUnsent } from '../../shared/model/message.ts';
import type { ReplacedId } from '../lib/replaced-ids.ts';

export interface ConfirmRequest {
  title: string;
  body: string;
  confirmLabel: string;
  onConfirm(): void;
  /** A gentler way out offered beside the destructive one (archive instead of delete). */
  alternative?: { label: string; action(): void };
}

export type Dialog =
  | { kind: 'none' }
  | { kind: 'new-conversation' }
  | { kind: 'quick-switcher' }
  /** The quick switcher, choosing where text kept from a deleted conversation goes. */
  | { kind: 'move-kept'; item: KeptUnsent }
  /** Settings, scrolled to one section when named. */
  | { kind: 'settings'; section?: SettingsSection }
  | { kind: 'unsent-changes' }
  | { kind: 'rename'; conversationId: string; currentName: string }
  | { kind: 'confirm'; request: ConfirmRequest };

export type View = 'chats' | 'activity';

/** The settings sections a view can send the user straight to. */
export type SettingsSection = 'orders';

interface UiState {
  dialog: Dialog;
  view: View;
  /** The own message being edited in the composer, with the text as edited so far. */
  editing: { id: string; text: string } | null;
  openDialog(dialog: Dialog): void;
  closeDialog(): void;
  setView(view: View): void;
  setEditing(editing: { id: string; text: string } | null): void;
  /** A message being edited while it was sent goes on being edited under the server's id. */
  followReplacedIds(replaced: readonly ReplacedId[]): void;
}

export const useUi = create<UiState>()((set) => ({
  dialog: { kind: 'none' },
  view: 'chats',
  editing: null,
  openDialog: (dialog) => set({ dialog }),
  closeDialog: () => set({ dialog: { kind: 'none' } }),
  setView: (view) => set({ view }),
  setEditing: (editing) => set({ editing }),
  followReplacedIds: (replaced) =>
    set(({ editing }) => {
      const to = replaced.find(({ from }) => from === editing?.id)?.to;
      return to === undefined || editing === null ? {} : { editing: { ...editing, id: to } };
    }),
}));

export function confirm(request: ConfirmRequest): void {
  useUi.getState().openDialog({ kind: 'confirm', request });
}
