import { useState } from 'react';
import { useSession } from '../../stores/session-store.ts';
import { useUi } from '../../stores/ui-store.ts';
import { comboLabel } from '../../lib/keyboard-shortcuts.ts';
import { keepStored, readStored } from '../../lib/window-storage.ts';

const DISMISSED = 'parley.welcome-dismissed';

const dismissedBefore = () => readStored(DISMISSED) === 'yes';

/**
 * What a new user needs before anything else, in the empty main pane of the
 * first run: where they are, what Activity is, how to reach a real server.
 * Once dismissed it stays away (on this computer).
 */
export function FirstRunWelcome() {
  const demo = useSession((s) => s.session?.demo ?? false);
  const openDialog = useUi((s) => s.openDialog);
  const [dismissed, setDismissed] = useState(dismissedBefore);
  if (dismissed) return null;
  const dismiss = () => {
    setDismissed(true);
    keepStored(DISMISSED, 'yes');
  };
  return (
    <section className="first-run" aria-labelledby="first-run-title">
      <h2 id="first-run-title">Getting started</h2>
      {demo ? (
        <p>
          This is the <strong>demo workspace</strong>: sample conversations on a small server
          running inside Parley, with contacts who answer. Try anything; nothing leaves this
          computer, and Settings can reset it.
        </p>
      ) : (
        <p>
          Your conversations are on the left; pick one, or start one with {comboLabel('Mod+N')}.
        </p>
      )}
      <p>
        <strong>Activity</strong>, the second button on the far left, lists the orders, shipments,
        invoices and product changes a shop’s catalogue service sends
        {demo ? '; the demo sends sample ones every minute or so.' : '.'}
      </p>
      <p>
        To use your own messaging server, open <strong>Settings</strong> and enter its address and
        your access token. Parley checks them before it switches.
      </p>
      <div className="form-row">
        <button
          type="button"
          className="button primary"
          onClick={() => openDialog({ kind: 'settings' })}
        >
          Connect to your server…
        </button>
        <button type="button" className="button secondary" onClick={dismiss}>
          Got it
        </button>
      </div>
    </section>
  );
}
