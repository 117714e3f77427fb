import { useEffect } from 'react';
import { openNeighbour } from '../../stores/navigation.ts';
import { useUi } from '../../stores/ui-store.ts';

/**
 * Ctrl/Cmd+K quick switcher, Ctrl/Cmd+N new conversation, Ctrl/Cmd+, settings,
 * Alt+Up/Down previous/next conversation. Esc is the dialogs' own.
 */
export function useGlobalShortcuts(enabled: boolean) {
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      const ui = useUi.getState();
      const command = event.ctrlKey || event.metaKey;
      if (command && !event.altKey && !event.shiftKey) {
        const dialog =
          event.key === 'k' || event.key === 'K'
            ? ('quick-switcher' as const)
            : event.key === 'n' || event.key === 'N'
              ? ('new-conversation' as const)
              : event.key === ','
                ? ('settings' as const)
                : null;
        if (!dialog) return;
        event.preventDefault();
        ui.openDialog({ kind: dialog });
        return;
      }
      if (event.altKey && !command && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) {
        if (ui.dialog.kind !== 'none') return;
        event.preventDefault();
        void openNeighbour(event.key === 'ArrowUp' ? -1 : 1);
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}
