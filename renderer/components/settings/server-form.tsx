import { useId, useState } from 'react';
import { LIMITS } from '../../../shared/model/limits.ts';
import { describeError } from '../../ipc/errors.ts';
import { call } from '../../ipc/parley.ts';
import { useSession } from '../../stores/session-store.ts';
import { useSettings } from '../../stores/settings-store.ts';

/**
 * Base URL and token, tried against the server before they are kept. The token
 * field starts empty whatever is stored: a saved token is never shown back.
 */
export function ServerForm() {
  const session = useSession((s) => s.session);
  const setSession = useSession((s) => s.setSession);
  const tokenSaved = useSettings((s) => s.secrets?.messagingToken ?? false);
  const [baseUrl, setBaseUrl] = useState(session && !session.demo ? (session.baseUrl ?? '') : '');
  const [token, setToken] = useState('');
  const [state, setState] = useState<
    | { kind: 'idle' }
    | { kind: 'busy' }
    | { kind: 'ok'; text: string }
    | { kind: 'error'; text: string }
  >({ kind: 'idle' });
  const resultId = useId();

  const connect = async () => {
    setState({ kind: 'busy' });
    try {
      const next = await call('session:signIn', { baseUrl: baseUrl.trim(), token: token.trim() });
      setSession(next);
      setToken('');
      void useSettings.getState().load();
      setState({ kind: 'ok', text: `Connected to ${next.baseUrl ?? baseUrl}` });
    } catch (error) {
      setState({ kind: 'error', text: describeError(error) });
    }
  };

  return (
    <form
      className="server-form"
      aria-describedby={resultId}
      onSubmit={(event) => {
        event.preventDefault();
        void connect();
      }}
    >
      <label className="field">
        <span>Server address</span>
        <input
          type="url"
          inputMode="url"
          placeholder="https://messaging.example.com"
          value={baseUrl}
          maxLength={LIMITS.urlLength}
          required
          onChange={(event) => setBaseUrl(event.target.value)}
        />
      </label>
      <label className="field">
        <span>Access token</span>
        <input
          type="password"
          autoComplete="off"
          placeholder={tokenSaved ? 'Saved — type a new token to replace it' : 'Paste your token'}
          value={token}
          maxLength={LIMITS.tokenLength}
          required
          onChange={(event) => setToken(event.target.value)}
        />
      </label>
      <div className="form-row">
        <button
          type="submit"
          className="button primary"
          disabled={state.kind === 'busy' || !baseUrl.trim() || !token.trim()}
        >
          {state.kind === 'busy' ? 'Testing…' : 'Test and connect'}
        </button>
        <span
          id={resultId}
          role={state.kind === 'error' ? 'alert' : 'status'}
          className={state.kind === 'error' ? 'inline-error' : 'hint'}
        >
          {state.kind === 'ok' || state.kind === 'error' ? state.text : ''}
        </span>
      </div>
    </form>
  );
}
