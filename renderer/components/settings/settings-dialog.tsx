import { useState } from 'react';
import type { Settings } from '../../../shared/model/settings.ts';
import { call } from '../../ipc/parley.ts';
import { attempt } from '../../stores/notice-store.ts';
import { DesktopSection } from './desktop-section.tsx';
import { useSession } from '../../stores/session-store.ts';
import { useSettings } from '../../stores/settings-store.ts';
import { Modal } from '../common/modal.tsx';
import { OrdersSection } from './orders-section.tsx';
import { PollingFields } from './polling-fields.tsx';
import { ServerForm } from './server-form.tsx';
import { updateSettings } from '../../stores/settings-update.ts';

const THEMES: { value: Settings['theme']; label: string }[] = [
  { value: 'system', label: 'System' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

function DemoSection() {
  const session = useSession((s) => s.session);
  const setSession = useSession((s) => s.setSession);
  const [confirmReset, setConfirmReset] = useState(false);
  const run = async (channel: 'session:useDemo' | 'session:resetDemo') => {
    const next = await attempt(() => call(channel, {}));
    if (next) setSession(next);
    setConfirmReset(false);
  };
  return (
    <section className="settings-section" aria-labelledby="settings-demo">
      <h3 id="settings-demo">Demo workspace</h3>
      <p className="hint">
        A local server with sample conversations, to try Parley without an account.
      </p>
      {session?.demo ? (
        confirmReset ? (
          <div className="form-row" role="group" aria-label="Confirm reset">
            <span>Replace the demo data with a fresh copy?</span>
            <button
              type="button"
              className="button danger"
              onClick={() => void run('session:resetDemo')}
            >
              Reset demo data
            </button>
            <button
              type="button"
              className="button secondary"
              onClick={() => setConfirmReset(false)}
            >
              Keep it
            </button>
          </div>
        ) : (
          <button type="button" className="button secondary" onClick={() => setConfirmReset(true)}>
            Reset demo data…
          </button>
        )
      ) : (
        <button
          type="button"
          className="button secondary"
          onClick={() => void run('session:useDemo')}
        >
          Use the demo workspace
        </button>
      )}
    </section>
  );
}

function SignOutSection({ onDone }: { onDone(): void }) {
  const session = useSession((s) => s.session);
  const setSession = useSession((s) => s.setSession);
  const [clear, setClear] = useState(false);
  if (session?.state === 'signed-out') return null;
  return (
    <section className="settings-section" aria-labelledby="settings-signout">
      <h3 id="settings-signout">Sign out</h3>
      <label className="check">
        <input
          type="checkbox"
          checked={clear}
          onChange={(event) => setClear(event.target.checked)}
        />
        Also remove messages, drafts and unsent changes from this computer
      </label>
      <button
        type="button"
        className="button danger"
        onClick={async () => {
          const next = await attempt(() => call('session:signOut', { clearLocalData: clear }));
          if (next) {
            setSession(next);
            onDone();
          }
        }}
      >
        Sign out
      </button>
    </section>
  );
}

export function SettingsDialog({ onClose }: { onClose(): void }) {
  const settings = useSettings((s) => s.settings);
  const session = useSession((s) => s.session);

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
              Show a desktop notification for new messages (not for muted conversations)
            </label>
          </section>
          <DesktopSection desktop={settings.desktop} />
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
