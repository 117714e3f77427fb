import { useUi, type SettingsSection } from '../../stores/ui-store.ts';

/** Where a view sends the user to set something up or fix it: settings, at a section if named. */
export function OpenSettingsButton({
  section,
  label = 'Open settings',
}: {
  section?: SettingsSection;
  label?: string;
}) {
  return (
    <button
      type="button"
      className="button secondary"
      onClick={() => useUi.getState().openDialog({ kind: 'settings', section })}
    >
      {label}
    </button>
  );
}
