import { Suspense } from 'react';
import { deferred } from '../../lib/deferred-component.ts';
import { moveKept } from '../../stores/kept-unsent-actions.ts';
import { useUi } from '../../stores/ui-store.ts';

// Dialogs stay out of the first paint's script.
const ConfirmDialog = deferred(() =>
  import('../dialogs/confirm-dialog.tsx').then((m) => m.ConfirmDialog),
);
const NewConversationDialog = deferred(() =>
  import('../dialogs/new-conversation-dialog.tsx').then((m) => m.NewConversationDialog),
);
const QuickSwitcher = deferred(() =>
  import('../dialogs/quick-switcher.tsx').then((m) => m.QuickSwitcher),
);
const RenameDialog = deferred(() =>
  import('../dialogs/rename-dialog.tsx').then((m) => m.RenameDialog),
);
const UnsentChangesDialog = deferred(() =>
  import('../outbox/unsent-changes-dialog.tsx').then((m) => m.UnsentChangesDialog),
);
const SettingsDialog = deferred(() =>
  import('../settings/settings-dialog.tsx').then((m) => m.SettingsDialog),
);

/** One dialog at a time, as the ui slice says. */
export function DialogHost() {
  return (
    <Suspense fallback={null}>
      <OpenDialog />
    </Suspense>
  );
}

function OpenDialog() {
  const dialog = useUi((s) => s.dialog);
  const close = useUi((s) => s.closeDialog);
  switch (dialog.kind) {
    case 'none':
      return null;
    case 'new-conversation':
      return <NewConversationDialog onClose={close} />;
    case 'quick-switcher':
      return <QuickSwitcher onClose={close} />;
    case 'move-kept':
      return (
        <QuickSwitcher
          title="Send in which conversation?"
          onClose={close}
          onChoose={(conversationId) => void moveKept(dialog.item, conversationId)}
        />
      );
    case 'settings':
      return <SettingsDialog onClose={close} section={dialog.section} />;
    case 'unsent-changes':
      return <UnsentChangesDialog onClose={close} />;
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
