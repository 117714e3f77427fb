import { useState } from 'react';
import { openDemoWorkspace, resetDemoWorkspace } from '../../stores/session-actions.ts';
import { useSession } from '../../stores/session-store.ts';

export function DemoSection() {
  const demo = useSession((s) => s.session?.demo ?? false);
  const [confirmReset, setConfirmReset] = useState(false);
  return (
    <section className="settings-section" aria-labelledby="settings-demo">
      <h3 id="settings-demo">Demo workspace</h3>
      <p className="hint">
        A local server with sample conversations and a stream of sample orders, to try Parley
        without an account. Nothing in it leaves this computer.
      </p>
      {demo ? (
        confirmReset ? (
          <div className="form-row" role="group" aria-label="Confirm reset">
            <span>Replace the demo data with a fresh copy?</span>
            <button
              type="button"
              className="button danger"
              onClick={() => void resetDemoWorkspace().then(() => setConfirmReset(false))}
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
        <button type="button" className="button secondary" onClick={() => void openDemoWorkspace()}>
          Use the demo workspace
        </button>
      )}
    </section>
  );
}
