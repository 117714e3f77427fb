import { useUi } from '../../stores/ui-store.ts';
import { ConfirmDialog } from '../dialogs/confirm-dialog.tsx';
import { NewConversationDialog } from '../dialogs/new-conversation-dialog.tsx';
import { QuickSwitcher } from '../dialogs/quick-switcher.tsx';
import { RenameDialog } from '../dialogs/rename-dialog.tsx';
import { SettingsDialog } from '../settings/settings-dialog.tsx';

/** One dialog at a time, as the ui slice says. */
export function DialogHost() {
  const dialog = useUi((s) => s.dialog);
  const close = useUi((s) => s.closeDialog);
  switch (dialog.kind) {
    case 'none':
      return null;
    case 'new-conversation':
      return <NewConversationDialog onClose={close} />;
    case 'quick-switcher':
      return <QuickSwitcher onClose={close} />;
    case 'settings':
      return <SettingsDialog onClose={close} />;
    case 'rename':
      return (
        <RenameDialog
          key={dialog.conversationId}
          conversationId={dialog.conversationId}
          currentName={dialog.currentName}
          onClose={close}
        />
      );
    case 'confirm':
      return <ConfirmDialog request={dialog.request} onClose={close} />;
  }
}
