import { useId, useState } from 'react';
import { LIMITS } from '../../../shared/model/limits.ts';
import { useSettings } from '../../stores/settings-store.ts';
import { saveWebhookSecret } from '../../stores/webhook-actions.ts';
import { SecretField } from '../common/fields.tsx';
import { SubmitResult, useSubmit } from './use-submit.tsx';

const MIN_SECRET = 8;

/** The signing secret goes to the vault; at most the last four characters of a long one come back. */
export function WebhookSecretForm() {
  const saved = useSettings((s) => s.secrets?.webhookSecret ?? false);
  const hint = useSettings((s) => s.secrets?.webhookSecretHint ?? null);
  const [secret, setSecret] = useState('');
  const submit = useSubmit();
  const resultId = useId();
  const hintId = useId();

  const save = () => {
    if (secret.length < MIN_SECRET) {
      return submit.fail(`The secret must be at least ${MIN_SECRET} characters.`);
    }
    return submit.run(async () => {
      await saveWebhookSecret(secret);
      setSecret('');
      return 'Secret saved. Deliveries signed with it are accepted.';
    });
  };

  return (
    <form
      aria-label="Webhook secret"
      aria-describedby={resultId}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <SecretField
        what="secret"
        label="Webhook secret"
        saved={saved}
        placeholder="The signing secret"
        aria-describedby={hintId}
        value={secret}
        maxLength={LIMITS.tokenLength}
        onChange={setSecret}
      />
      <p id={hintId} className="hint">
        {saved
          ? hint
            ? `A secret ending in ${hint} is saved.`
            : 'A secret is saved.'
          : 'No secret is saved: every delivery is refused until one is.'}{' '}
        The catalogue service shows its signing secret where you register webhooks with it (the
        sandbox prints it as “webhook-secret” when it starts). Parley checks every delivery against
        it, so only the service can send orders here.
      </p>
      <div className="form-row">
        <button type="submit" className="button secondary" disabled={submit.busy || !secret}>
          Save secret
        </button>
        <SubmitResult id={resultId} state={submit.state} />
      </div>
    </form>
  );
}
