import { useEffect, useId, useState } from 'react';
import { LIMITS } from '../../../shared/model/limits.ts';
import { relayUrlProblem } from '../../../shared/model/relay.ts';
import { call, IpcFailure } from '../../ipc/parley.ts';
import { relayWords } from '../../lib/relay-words.ts';
import { useRelays } from '../../stores/relay-store.ts';
import { useSettings } from '../../stores/settings-store.ts';
import { SubmitResult, useSubmit } from './use-submit.tsx';

/**
 * The relay's address and its token, saved together: the token goes to the
 * vault bound to that address, and a new address asks for it again. The
 * connection test tries what is typed, before anything is saved.
 */
export function RelayForm({ relayUrl }: { relayUrl: string }) {
  const status = useRelays((s) => s.relays.find((relay) => relay.source === 'catalogue') ?? null);
  const loadRelays = useRelays((s) => s.load);
  const [url, setUrl] = useState(relayUrl);
  const [token, setToken] = useState('');
  const submit = useSubmit();
  const resultId = useId();
  const tokenHintId = useId();
  useEffect(() => {
    void loadRelays();
  }, [loadRelays]);

  const address = url.trim();
  const tokenSaved =
    status !== null &&
    address === relayUrl &&
    status.url === relayUrl &&
    status.state !== 'token-needed';
  const request = () => ({ url: address, ...(token.trim() !== '' && { token: token.trim() }) });

  /** Names what is missing before anything is sent; null when the request can go. */
  const missing = (): string | null =>
    relayUrlProblem(address) ??
    (token.trim() === '' && !tokenSaved
      ? 'Enter the relay’s token: it is asked for again with every new address.'
      : null);

  const save = () => {
    const problem = missing();
    if (problem !== null) return submit.fail(problem);
    return submit.run(async () => {
      useRelays.getState().update(await call('relay:configure', request()));
      await useSettings.getState().load();
      setToken('');
      return 'Saved. Parley fetches the relay’s events from now on.';
    });
  };

  const test = () => {
    const problem = missing();
    if (problem !== null) return submit.fail(problem);
    return submit.run(async () => {
      const result = await call('relay:test', request());
      // Shown as any refusal is: in the words the core found.
      if (!result.ok)
        throw new IpcFailure({ code: 'network', message: result.message, field: null });
      return result.message;
    });
  };

  const words = status && status.url === relayUrl ? relayWords(status) : null;
  return (
    <form
      className="relay-form"
      aria-label="Relay"
      aria-describedby={resultId}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <label className="field">
        <span>Relay address</span>
        <input
          type="url"
          inputMode="url"
          placeholder="https://relay.example.org"
          spellCheck={false}
          value={url}
          maxLength={LIMITS.urlLength}
          onChange={(event) => setUrl(event.target.value)}
        />
      </label>
      <label className="field">
        <span>Relay token</span>
        <input
          type="password"
          autoComplete="off"
          spellCheck={false}
          aria-describedby={tokenHintId}
          placeholder={tokenSaved ? 'Saved — type a new token to replace it' : 'Paste the token'}
          value={token}
          maxLength={LIMITS.tokenLength}
          onChange={(event) => setToken(event.target.value)}
        />
      </label>
      <p id={tokenHintId} className="hint">
        The token is kept in this computer’s secure storage with the address it was entered for, and
        is sent to no other.
      </p>
      <div className="form-row">
        <button type="submit" className="button primary" disabled={submit.busy}>
          Save relay
        </button>
        <button
          type="button"
          className="button secondary"
          disabled={submit.busy}
          onClick={() => void test()}
        >
          Test connection
        </button>
        <SubmitResult id={resultId} state={submit.state} />
      </div>
      {words && (
        <p className={words.problem ? 'warning-hint' : 'hint'}>
          {words.text} {words.detail}
        </p>
      )}
      <p className="hint">
        Register the relay’s delivery address,{' '}
        <code>
          {relayUrlProblem(address) === null ? address.replace(/\/+$/, '') : 'https://…'}
          /hooks/catalogue
        </code>
        , with the catalogue service under Registration.
      </p>
    </form>
  );
}
