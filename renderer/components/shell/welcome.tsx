import { openDemoWorkspace } from '../../stores/session-actions.ts';
import { useSession } from '../../stores/session-store.ts';
import { ServerForm } from '../settings/server-form.tsx';

/** What a signed-out user sees: connect to a server, or look around in the demo. */
export function Welcome() {
  const reauth = useSession((s) => s.session?.state === 'reauth-required');
  return (
    <main className="welcome" aria-labelledby="welcome-title">
      <div className="welcome-card">
        <h1 id="welcome-title">Parley</h1>
        <p>
          {reauth
            ? 'The server no longer accepts your token. Enter a new one to carry on; nothing on this computer was lost.'
            : 'Connect to your messaging server, or try Parley with the demo workspace.'}
        </p>
        <ServerForm />
        <div className="welcome-or">or</div>
        <button type="button" className="button secondary" onClick={() => void openDemoWorkspace()}>
          Try the demo workspace
        </button>
      </div>
    </main>
  );
}
