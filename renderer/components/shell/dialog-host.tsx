import { Suspense } from 'react';
import { deferred } from '../../lib/deferred-component.ts';
import { moveKept } from '../../stores/kept-unsent-actions.ts';
import { forwardMessage } from '../../stores/message-actions.ts';
import { useUi } from '../../stores/ui-store.ts';
import { NewConversationDialog } from '../dialogs/new-conversation-dialog.tsx';
import { QuickSwitcher } from '../dialogs/quick-switcher.tsx';
import { RenameDialog } from '../dialogs/rename-dialog.tsx';
import { ImageViewer } from '../dialogs/image-viewer.tsx';
import { ConversationInfoDialog } from '../dialogs/conversation-info-dialog.tsx';

// The dialogs a person types into as soon as they open (Ctrl+K, Ctrl+N, Rename) come with the
// first paint's script, 5 KB of it: loaded later, the letters typed before they arrive are lost.
// So do the picture viewer and conversation info (6 KB): deferred, they split the stores they
// share with the window into seven files more for the first paint to fetch from a busy main
// process, which cost it 25 ms at 10,000 conversations. The others stay out of it.
const ConfirmDialog = deferred(() =>
  import('../dialogs/confirm-dialog.tsx').then((m) => m.ConfirmDialog),
);
const UnsentChangesDialog = deferred(() =>
  import('../outbox/unsent-changes-dialog.tsx').then((m) => m.UnsentChangesDialog),
);
const ShortcutsDialog = deferred(() =>
  import('../dialogs/shortcuts-dialog.tsx').then((m) => m.ShortcutsDialog),
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
      return <NewConversationDialog onClose={close} contact={dialog.contact} />;
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
    case 'forward':
      return (
        <QuickSwitcher
          title="Forward to…"
          onClose={close}
          onChoose={(conversationId) => void forwardMessage(dialog.message, conversationId)}
        />
      );
    case 'settings':
      return <SettingsDialog onClose={close} section={dialog.section} />;
    case 'shortcuts':
      return <ShortcutsDialog onClose={close} />;
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
    case 'conversation-info':
      return (
        <ConversationInfoDialog
          key={dialog.conversation.id}
          conversation={dialog.conversation}
          onClose={close}
        />
      );
    case 'image':
      return <ImageViewer messageId={dialog.messageId} index={dialog.index} onClose={close} />;
  }
}
