import { useEffect, useState } from 'react';
import type { Session } from '../../shared/model/session.ts';
import { call } from '../ipc/parley.ts';

export function App() {
  const [session, setSession] = useState<Session | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    call('session:get', {}).then(setSession, (e: Error) => setError(e.message));
  }, []);

  return (
    <main className="app-shell" aria-label="Parley">
      <h1>Parley</h1>
      {error && <p role="alert">{error}</p>}
      {session && (
        <p role="status" aria-label="Session">
          {session.state === 'signed-in' ? `Signed in to ${session.baseUrl}` : 'Not signed in'}
        </p>
      )}
    </main>
  );
}
