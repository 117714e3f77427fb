import { useState } from 'react';
import { plural } from '../../lib/format.ts';
import { signOut, unsentIn } from '../../stores/session-actions.ts';
import { useSession } from '../../stores/session-store.ts';

/**
 * Signing out keeps everything on this computer unless the user asks to
 * remove it; removing never drops unsent changes without saying how many.
 */
export function SignOutSection({ onDone }: { onDone(): void }) {
  const signedOut = useSession((s) => s.session?.state === 'signed-out');
  const [clear, setClear] = useState(false);
  const [confirming, setConfirming] = useState<number | null>(null);
  if (signedOut) return null;

  const leave = async (clearData: boolean, unsentToDiscard = 0) => {
    setConfirming(null);
    if (await signOut(clearData, unsentToDiscard)) onDone();
  };
  const start = () => {
    const unsent = unsentIn(useSession.getState().status);
    if (clear && unsent > 0) setConfirming(unsent);
    else void leave(clear);
  };

  return (
    <section className="settings-section" aria-labelledby="settings-signout">
      <h3 id="settings-signout">Sign out</h3>
      <label className="check">
        <input
          type="checkbox"
          checked={clear}
          onChange={(event) => {
            setClear(event.target.checked);
            setConfirming(null);
          }}
        />
        Also remove messages, drafts and unsent changes from this computer
      </label>
      {confirming === null ? (
        <button type="button" className="button danger" onClick={start}>
          Sign out
        </button>
      ) : (
        <div className="confirm-inline" role="alert">
          <p>
            {plural(confirming, 'change')} {confirming === 1 ? 'has' : 'have'} not been sent yet.
            Removing the data from this computer drops {confirming === 1 ? 'it' : 'them'} for good.
          </p>
          <div className="form-row">
            <button type="button" className="button secondary" onClick={() => void leave(false)}>
              Sign out and keep everything
            </button>
            <button
              type="button"
              className="button danger"
              onClick={() => void leave(true, confirming)}
            >
              Remove {confirming === 1 ? 'it' : 'them'} and sign out
            </button>
            <button type="button" className="button secondary" onClick={() => setConfirming(null)}>
              Cancel
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
