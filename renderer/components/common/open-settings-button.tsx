import { useUi } from '../../stores/ui-store.ts';

/** Where a view sends the user to set something up or fix it. */
export function OpenSettingsButton() {
  return (
    <button
      type="button"
      className="button secondary"
      onClick={() => useUi.getState().openDialog({ kind: 'settings' })}
    >
      Open settings
    </button>
  );
}
