import { useId, useState } from 'react';
import { LIMITS } from '../../../shared/model/limits.ts';
import { withScheme } from '../../../shared/model/typed-address.ts';
import { signIn } from '../../stores/session-actions.ts';
import { useSession } from '../../stores/session-store.ts';
import { useSettings } from '../../stores/settings-store.ts';
import { Field, SecretField } from '../common/fields.tsx';
import { SubmitResult, useSubmit } from './use-submit.tsx';

/**
 * Base URL and token, tried against the server before they are kept. The token
 * field starts empty whatever is stored: a saved token is never shown back.
 */
export function ServerForm() {
  const session = useSession((s) => s.session);
  const tokenSaved = useSettings((s) => s.secrets?.messagingToken ?? false);
  // Signed out, the server whose messages this computer kept is where one signs in again.
  const [baseUrl, setBaseUrl] = useState(
    (session && !session.demo ? session.baseUrl : null) ?? session?.keptFor?.baseUrl ?? '',
  );
  const [token, setToken] = useState('');
  const submit = useSubmit();
  const resultId = useId();

  const connect = () =>
    submit.run(async () => {
      const next = await signIn(withScheme(baseUrl), token.trim());
      setToken('');
      return `Connected to ${next.baseUrl ?? baseUrl}`;
    });

  return (
    <form
      className="server-form"
      aria-describedby={resultId}
      // The browser's own check would refuse an address typed without https://.
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void connect();
      }}
    >
      <Field
        label="Server address"
        type="url"
        inputMode="url"
        placeholder="https://messaging.example.com"
        value={baseUrl}
        maxLength={LIMITS.urlLength}
        required
        onChange={setBaseUrl}
      />
      <SecretField
        what="token"
        label="Access token"
        saved={tokenSaved}
        placeholder="Paste your token"
        value={token}
        maxLength={LIMITS.tokenLength}
        required
        onChange={setToken}
      />
      <div className="form-row">
        <button
          type="submit"
          className="button primary"
          disabled={submit.busy || !baseUrl.trim() || !token.trim()}
        >
          {submit.busy ? 'Testing…' : 'Test and connect'}
        </button>
        <SubmitResult id={resultId} state={submit.state} />
      </div>
    </form>
  );
}
