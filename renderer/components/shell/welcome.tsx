import { useState } from 'react';
import type { Session } from '../../../shared/model/session.ts';
import { plural } from '../../lib/format.ts';
import { openDemoWorkspace, signOut, unsentIn } from '../../stores/session-actions.ts';
import { useSession } from '../../stores/session-store.ts';
import { ServerForm } from '../settings/server-form.tsx';

/** What a signed-out user sees: connect to a server, or look around in the demo. */
export function Welcome() {
  const reauth = useSession((s) => s.session?.state === 'reauth-required');
  const keptFor = useSession((s) => s.session?.keptFor ?? null);
  const unsent = useSession((s) => unsentIn(s.status));
  return (
    <main className="welcome" aria-labelledby="welcome-title">
      <div className="welcome-card">
        <h1 id="welcome-title">Parley</h1>
        <p>
          {reauth
            ? 'The server no longer accepts your token. Enter a new one to carry on; nothing on this computer was lost.'
            : 'Connect to your messaging server, or try Parley with the demo workspace.'}
        </p>
        {!reauth && keptFor && unsent > 0 && <KeptUnsent keptFor={keptFor} unsent={unsent} />}
        <ServerForm />
        <div className="welcome-or">or</div>
        <button type="button" className="button secondary" onClick={() => void openDemoWorkspace()}>
          Try the demo workspace
        </button>
      </div>
    </main>
  );
}

/**
 * Work kept by a sign-out that kept the data: where it waits, and how to send
 * it. It can be dropped from here too, so a server gone for good is no dead
 * end: until then another server or the demo refuses to replace it.
 */
function KeptUnsent({
  keptFor,
  unsent,
}: {
  keptFor: NonNullable<Session['keptFor']>;
  unsent: number;
}) {
  const [confirming, setConfirming] = useState(false);
  const where = keptFor.demo
    ? 'in the demo workspace'
    : `on ${URL.parse(keptFor.baseUrl)?.host ?? keptFor.baseUrl}`;
  const again = keptFor.demo ? 'open the demo workspace' : 'connect to that server';
  const them = unsent === 1 ? 'it' : 'them';
  return (
    <div className="welcome-kept">
      <p role="status">
        {plural(unsent, 'change')} you made {where} {unsent === 1 ? 'has' : 'have'} not been sent.{' '}
        {unsent === 1 ? 'It is' : 'They are'} kept on this computer: {again} again to send {them}.
      </p>
      {confirming ? (
        <div className="form-row" role="alert">
          <span>This drops {them} for good, with the messages and drafts kept from there.</span>
          <button
            type="button"
            className="button danger"
            onClick={() => void signOut(true, unsent)}
          >
            Remove {them}
          </button>
          <button type="button" className="button secondary" onClick={() => setConfirming(false)}>
            Keep {them}
          </button>
        </div>
      ) : (
        <button type="button" className="link-button" onClick={() => setConfirming(true)}>
          Remove {them} from this computer…
        </button>
      )}
    </div>
  );
}
