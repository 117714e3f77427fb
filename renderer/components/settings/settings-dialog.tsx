import { useEffect } from 'react';
import type { Settings } from '../../../shared/model/settings.ts';
import { comboLabel } from '../../lib/keyboard-shortcuts.ts';
import { useUi, type SettingsSection } from '../../stores/ui-store.ts';
import { DesktopSection } from './desktop-section.tsx';
import { useSession } from '../../stores/session-store.ts';
import { useSettings } from '../../stores/settings-store.ts';
import { Modal } from '../common/modal.tsx';
import { DemoSection } from './demo-section.tsx';
import { OrdersSection } from './orders-section.tsx';
import { PollingFields } from './polling-fields.tsx';
import { ServerForm } from './server-form.tsx';
import { SignOutSection } from './sign-out-section.tsx';
import { updateSettings } from '../../stores/settings-update.ts';

const THEMES: { value: Settings['theme']; label: string }[] = [
  { value: 'system', label: 'System' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

export function SettingsDialog({
  onClose,
  section,
}: {
  onClose(): void;
  section?: SettingsSection;
}) {
  const settings = useSettings((s) => s.settings);
  const session = useSession((s) => s.session);
  const openDialog = useUi((s) => s.openDialog);
  const loaded = settings !== null;

  useEffect(() => {
    if (!section || !loaded) return;
    // The heading of the section asked for: in view, and where a screen reader starts.
    const heading = document.getElementById(`settings-${section}`);
    heading?.scrollIntoView({ block: 'start' });
    heading?.focus();
  }, [section, loaded]);

  return (
    <Modal title="Settings" onClose={onClose} className="settings">
      <section className="settings-section" aria-labelledby="settings-server">
        <h3 id="settings-server">Server</h3>
        <p className="hint">
          {session?.state === 'signed-in'
            ? session.demo
              ? 'Connected to the demo workspace.'
              : `Connected to ${session.baseUrl}.`
            : session?.state === 'reauth-required'
              ? 'The server no longer accepts the saved token. Enter a new one.'
              : 'Not connected.'}
        </p>
        <ServerForm />
      </section>
      <DemoSection />
      {settings && (
        <>
          <section className="settings-section" aria-labelledby="settings-appearance">
            <h3 id="settings-appearance">Appearance</h3>
            <fieldset className="segmented">
              <legend>Theme</legend>
              {THEMES.map((theme) => (
                <label key={theme.value}>
                  <input
                    type="radio"
                    name="theme"
                    checked={settings.theme === theme.value}
                    onChange={() => void updateSettings({ theme: theme.value })}
                  />
                  {theme.label}
                </label>
              ))}
            </fieldset>
          </section>
          <section className="settings-section" aria-labelledby="settings-notifications">
            <h3 id="settings-notifications">Notifications</h3>
            <label className="check">
              <input
                type="checkbox"
                checked={settings.notifications}
                onChange={(event) => void updateSettings({ notifications: event.target.checked })}
              />
              Show a desktop notification for new messages (in muted conversations, only when you
              are mentioned)
            </label>
          </section>
          <DesktopSection desktop={settings.desktop} />
          <section className="settings-section" aria-labelledby="settings-keyboard">
            <h3 id="settings-keyboard">Keyboard</h3>
            <p className="hint">
              Parley can be used from the keyboard alone. {comboLabel('Mod+/')} lists its keys from
              anywhere.
            </p>
            <div className="form-row">
              <button
                type="button"
                className="button secondary"
                onClick={() => openDialog({ kind: 'shortcuts' })}
              >
                Keyboard shortcuts
              </button>
            </div>
          </section>
          <PollingFields
            polling={settings.polling}
            onSave={(polling) => updateSettings({ polling })}
          />
          <OrdersSection settings={settings} />
        </>
      )}
      <SignOutSection onDone={onClose} />
    </Modal>
  );
}
