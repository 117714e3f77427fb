import { useEffect, useState, type ReactNode } from 'react';
import type { UpdateState } from '../../../shared/model/desktop.ts';
import { isPaused, pauseEnd } from '../../../shared/model/notification-pause.ts';
import {
  MAX_SPELLCHECK_LANGUAGES,
  type DesktopSettings,
  type StartAtLogin,
} from '../../../shared/model/settings.ts';
import { useDesktop } from '../../stores/desktop-store.ts';
import { attempt } from '../../stores/notice-store.ts';
import { updateSettings } from '../../stores/settings-update.ts';
import { waitingWritesText } from '../shell/update-banner.tsx';

const START_CHOICES: { value: StartAtLogin; label: string }[] = [
  { value: 'off', label: 'Off' },
  { value: 'on', label: 'Open Parley' },
  { value: 'hidden', label: 'Start in the tray' },
];
const time = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });
const dayAndTime = new Intl.DateTimeFormat(undefined, {
  weekday: 'long',
  hour: 'numeric',
  minute: '2-digit',
});
const languageNames = new Intl.DisplayNames(undefined, { type: 'language' });

const save = (desktop: Partial<DesktopSettings>) => void updateSettings({ desktop });
const until = (ms: number) =>
  (new Date(ms).toDateString() === new Date().toDateString() ? time : dayAndTime).format(ms);

function Toggle(props: {
  checked: boolean;
  disabled?: boolean;
  onChange(on: boolean): void;
  children: ReactNode;
}) {
  return (
    <label className="check">
      <input
        type="checkbox"
        checked={props.checked}
        disabled={props.disabled}
        onChange={(event) => props.onChange(event.target.checked)}
      />
      {props.children}
    </label>
  );
}

/** How Parley lives on the desktop: notifications, tray, start at login, spell check, updates. */
export function DesktopSection({ desktop }: { desktop: DesktopSettings }) {
  const capabilities = useDesktop((s) => s.capabilities);
  const update = useDesktop((s) => s.update);
  // The pause ends by itself: the status line follows the clock.
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  const paused = isPaused(desktop.notificationsPausedUntil, now);
  // The Electron host can always start at login; the preview (a browser) can do none of this.
  const inApp = capabilities?.startAtLogin === true;
  const pause = (choice: 'pause-hour' | 'pause-tomorrow' | 'resume') =>
    save({ notificationsPausedUntil: pauseEnd(choice, Date.now()) });

  return (
    <section className="settings-section" aria-labelledby="settings-desktop">
      <h3 id="settings-desktop">Desktop</h3>
      {!inApp && (
        <p className="hint">
          Parley is running in a browser: the tray, start at login, spell-check languages and
          updates take effect in the desktop app.
        </p>
      )}
      <h4>Notifications</h4>
      <Toggle
        checked={desktop.hideNotificationText}
        onChange={(on) => save({ hideNotificationText: on })}
      >
        Hide message text in notifications (“New message from Ava”)
      </Toggle>
      <div className="form-row" role="group" aria-label="Pause notifications">
        {paused ? (
          <>
            <span role="status">
              Notifications paused until {until(desktop.notificationsPausedUntil ?? 0)}.
            </span>
            <button type="button" className="button secondary" onClick={() => pause('resume')}>
              Resume notifications
            </button>
          </>
        ) : (
          <>
            <button type="button" className="button secondary" onClick={() => pause('pause-hour')}>
              Pause for 1 hour
            </button>
            <button
              type="button"
              className="button secondary"
              onClick={() => pause('pause-tomorrow')}
            >
              Pause until tomorrow
            </button>
          </>
        )}
      </div>

      <h4>Window</h4>
      <Toggle
        checked={desktop.closeToTray}
        disabled={!capabilities?.closeToTray}
        onChange={(on) => save({ closeToTray: on })}
      >
        Keep Parley running in the tray when its window is closed
      </Toggle>
      {inApp && !capabilities?.closeToTray && (
        <p className="hint">On macOS, Parley stays in the Dock when its window is closed.</p>
      )}
      <fieldset className="segmented" disabled={!capabilities?.startAtLogin}>
        <legend>Start at login</legend>
        {START_CHOICES.map((choice) => (
          <label key={choice.value}>
            <input
              type="radio"
              name="start-at-login"
              checked={desktop.startAtLogin === choice.value}
              onChange={() => save({ startAtLogin: choice.value })}
            />
            {choice.label}
          </label>
        ))}
      </fieldset>

      <SpellCheck chosen={desktop.spellCheckLanguages} inApp={inApp} />
      <Updates enabled={desktop.automaticUpdates} update={update} />
    </section>
  );
}

function SpellCheck({ chosen, inApp }: { chosen: string[]; inApp: boolean }) {
  const capabilities = useDesktop((s) => s.capabilities);
  const available = capabilities?.spellCheckLanguages ?? [];
  const system = capabilities?.systemSpellCheckLanguages ?? [];
  const name = (tag: string) => languageNames.of(tag) ?? tag;
  const toggle = (tag: string, on: boolean) =>
    save({
      spellCheckLanguages: on ? [...chosen, tag] : chosen.filter((chosenTag) => chosenTag !== tag),
    });
  return (
    <fieldset className="spellcheck-languages">
      <legend>Spell-check languages</legend>
      {available.length === 0 ? (
        <p className="hint">
          {inApp
            ? 'The system’s spell checker picks the language as you type.'
            : 'The desktop app offers the dictionaries of this system.'}
        </p>
      ) : (
        <>
          <p className="hint">
            {chosen.length === 0
              ? `Following the system: ${system.map(name).join(', ') || 'none found'}. Choose up to ${MAX_SPELLCHECK_LANGUAGES} to use instead.`
              : `Checking ${chosen.map(name).join(', ')}. Clear them all to follow the system again.`}
          </p>
          <div className="language-grid">
            {available.map((tag) => (
              <label key={tag} className="check">
                <input
                  type="checkbox"
                  checked={chosen.includes(tag)}
                  disabled={!chosen.includes(tag) && chosen.length >= MAX_SPELLCHECK_LANGUAGES}
                  onChange={(event) => toggle(tag, event.target.checked)}
                />
                {name(tag)}
              </label>
            ))}
          </div>
        </>
      )}
    </fieldset>
  );
}

function updateLine(update: UpdateState | null): string {
  if (!update) return '';
  switch (update.status) {
    case 'off':
      return update.reason === 'turned-off'
        ? 'Parley does not check for updates.'
        : update.reason === 'no-feed'
          ? 'This build has no update feed.'
          : 'Updates come with the installed app.';
    case 'checking':
      return 'Checking for updates…';
    case 'downloading':
      return `Downloading Parley ${update.version ?? ''} (${update.percent ?? 0} %)…`;
    case 'ready':
      return `Parley ${update.version ?? ''} is ready: restart to update.`;
    case 'idle':
      return update.lastError
        ? `The last check failed: ${update.lastError}`
        : update.lastCheckedAt
          ? `Parley is up to date (checked ${until(update.lastCheckedAt)}).`
          : 'Parley checks for updates shortly after it starts, then every 6 hours.';
  }
}

function Updates({ enabled, update }: { enabled: boolean; update: UpdateState | null }) {
  const checkUpdates = useDesktop((s) => s.checkNow);
  const restart = useDesktop((s) => s.restart);
  const waiting = useDesktop((s) => s.waitingWrites);
  const installed = update !== null && update.reason !== 'not-installed';
  const checkNow = () => attempt(checkUpdates);
  return (
    <>
      <h4>Updates</h4>
      <Toggle
        checked={enabled}
        disabled={!installed}
        onChange={(on) => save({ automaticUpdates: on })}
      >
        Download updates in the background and offer to restart (never restarts by itself)
      </Toggle>
      <div className="form-row">
        <span role="status">{updateLine(update)}</span>
        {update?.status === 'idle' && (
          <button type="button" className="button secondary" onClick={() => void checkNow()}>
            Check now
          </button>
        )}
        {update?.status === 'ready' && (
          <button
            type="button"
            className="button primary"
            onClick={() => void attempt(() => restart(waiting !== null))}
          >
            {waiting === null ? 'Restart to update' : 'Restart anyway'}
          </button>
        )}
      </div>
      {update?.status === 'ready' && waiting !== null && (
        <p className="warning-hint" role="alert">
          {waitingWritesText(waiting)}
        </p>
      )}
    </>
  );
}
