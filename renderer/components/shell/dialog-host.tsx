import { lazy, Suspense } from 'react';
import { useUi } from '../../stores/ui-store.ts';

// Dialogs load when first opened, so the first paint runs less script.
const ConfirmDialog = lazy(() =>
  import('../dialogs/confirm-dialog.tsx').then((m) => ({ default: m.ConfirmDialog })),
);
const NewConversationDialog = lazy(() =>
  import('../dialogs/new-conversation-dialog.tsx').then((m) => ({
    default: m.NewConversationDialog,
  })),
);
const QuickSwitcher = lazy(() =>
  import('../dialogs/quick-switcher.tsx').then((m) => ({ default: m.QuickSwitcher })),
);
const RenameDialog = lazy(() =>
  import('../dialogs/rename-dialog.tsx').then((m) => ({ default: m.RenameDialog })),
);
const SettingsDialog = lazy(() =>
  import('../settings/settings-dialog.tsx').then((m) => ({ default: m.SettingsDialog })),
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
