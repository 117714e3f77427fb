import { useEffect, useId, useState } from 'react';
import { LIMITS } from '../../../shared/model/limits.ts';
import { relayUrlProblem } from '../../../shared/model/relay.ts';
import { withScheme } from '../../../shared/model/typed-address.ts';
import { relayWords } from '../../lib/relay-words.ts';
import { useNow } from '../../stores/clock-store.ts';
import { configureRelay, testRelay, useRelays } from '../../stores/relay-store.ts';
import { Field, SecretField } from '../common/fields.tsx';
import { SubmitResult, useSubmit } from './use-submit.tsx';

/**
 * The relay's address and its token, saved together: the token goes to the
 * vault bound to that address, and a new address asks for it again. The
 * connection test tries what is typed, before anything is saved.
 */
export function RelayForm({ relayUrl }: { relayUrl: string }) {
  const status = useRelays((s) => s.relays.find((relay) => relay.source === 'catalogue') ?? null);
  const loadRelays = useRelays((s) => s.load);
  const now = useNow();
  const [url, setUrl] = useState(relayUrl);
  const [token, setToken] = useState('');
  const submit = useSubmit();
  const resultId = useId();
  const tokenHintId = useId();
  useEffect(() => {
    void loadRelays();
  }, [loadRelays]);

  const address = withScheme(url);
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
      await configureRelay(request());
      setToken('');
      return 'Saved. Parley fetches the relay’s events from now on.';
    });
  };

  const test = () => {
    const problem = missing();
    if (problem !== null) return submit.fail(problem);
    return submit.run(() => testRelay(request()));
  };

  const words = status && status.url === relayUrl ? relayWords(status, now) : null;
  return (
    <form
      className="relay-form"
      aria-label="Relay"
      aria-describedby={resultId}
      // The browser's own check would refuse an address typed without https://.
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Field
        label="Relay address"
        type="url"
        inputMode="url"
        placeholder="https://relay.example.org"
        spellCheck={false}
        value={url}
        maxLength={LIMITS.urlLength}
        onChange={setUrl}
      />
      <SecretField
        label="Relay token"
        what="token"
        saved={tokenSaved}
        placeholder="Paste the token"
        aria-describedby={tokenHintId}
        value={token}
        maxLength={LIMITS.tokenLength}
        onChange={setToken}
      />
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
