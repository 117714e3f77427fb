import { useId, useState } from 'react';
import { LIMITS } from '../../../shared/model/limits.ts';
import { withScheme } from '../../../shared/model/typed-address.ts';
import {
  CATALOGUE_EVENT_TYPES,
  type CatalogueEventType,
  type Settings,
} from '../../../shared/model/settings.ts';
import { isHttpUrl } from '../../../shared/model/links.ts';
import { useSettings } from '../../stores/settings-store.ts';
import { registerWebhook } from '../../stores/webhook-actions.ts';
import { activityTitle } from '../activity/event-types.ts';
import { Field, SecretField } from '../common/fields.tsx';
import { SubmitResult, useSubmit } from './use-submit.tsx';

type Webhooks = Settings['webhooks'];

function isHttpsUrl(value: string): boolean {
  return isHttpUrl(value) && new URL(value).protocol === 'https:';
}

/**
 * Tells the catalogue service where to deliver which events. Everything is
 * checked here first, the HTTPS rule included, so a request the service would
 * refuse is never sent; a refusal is shown in the service's own words.
 */
export function RegistrationForm({
  webhooks,
  receiverUrl,
}: {
  webhooks: Webhooks;
  receiverUrl: string | null;
}) {
  const [catalogueUrl, setCatalogueUrl] = useState(webhooks.catalogueUrl);
  // A token is kept for the address it was entered with: another address needs it again.
  const tokenSaved =
    useSettings((s) => s.secrets?.catalogueToken ?? false) &&
    withScheme(catalogueUrl) === webhooks.catalogueUrl;
  const [token, setToken] = useState('');
  const [notificationUrl, setNotificationUrl] = useState(webhooks.notificationUrl);
  const [events, setEvents] = useState<CatalogueEventType[]>(webhooks.events);
  const submit = useSubmit();
  const resultId = useId();

  const register = () => {
    const url = withScheme(catalogueUrl);
    const target = withScheme(notificationUrl);
    if (!isHttpUrl(url)) {
      return submit.fail('Enter the catalogue service address, starting with https:// or http://.');
    }
    if (!isHttpsUrl(target)) {
      return submit.fail(
        'The notification URL must start with https://: the catalogue service only delivers over HTTPS.',
      );
    }
    if (events.length === 0) return submit.fail('Choose at least one event type.');
    if (!token.trim() && !tokenSaved) {
      return submit.fail('Enter the catalogue service token for this address.');
    }
    return submit.run(async () => {
      const registration = await registerWebhook({
        catalogueUrl: url,
        notificationUrl: target,
        events,
        token: token.trim(),
      });
      setToken('');
      return `Registered as ${registration.id} for ${registration.events.length} event types.`;
    });
  };

  const toggle = (type: CatalogueEventType, on: boolean) =>
    setEvents(CATALOGUE_EVENT_TYPES.filter((t) => (t === type ? on : events.includes(t))));

  return (
    <form
      aria-label="Register with the catalogue service"
      aria-describedby={resultId}
      // The browser's own check would refuse an address typed without https://.
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void register();
      }}
    >
      <Field
        label="Catalogue service address"
        type="url"
        inputMode="url"
        placeholder="https://catalogue.example.com"
        value={catalogueUrl}
        maxLength={LIMITS.urlLength}
        onChange={setCatalogueUrl}
      />
      <SecretField
        what="token"
        label="Catalogue service token"
        saved={tokenSaved}
        placeholder="Paste your token"
        value={token}
        maxLength={LIMITS.tokenLength}
        onChange={setToken}
      />
      <Field
        label="Notification URL (HTTPS)"
        type="url"
        inputMode="url"
        placeholder="https://hooks.example.com/webhooks/catalogue"
        value={notificationUrl}
        maxLength={LIMITS.urlLength}
        onChange={setNotificationUrl}
      />
      <p className="hint">
        The public HTTPS address of your reverse proxy or tunnel that forwards to the receiver.
        {receiverUrl && (
          <>
            {' '}
            <button
              type="button"
              className="link-button"
              onClick={() => setNotificationUrl(receiverUrl)}
            >
              Use the receiver’s own address
            </button>
          </>
        )}
      </p>
      <fieldset className="event-types">
        <legend>Event types to receive</legend>
        {CATALOGUE_EVENT_TYPES.map((type) => (
          <label key={type} className="check">
            <input
              type="checkbox"
              checked={events.includes(type)}
              onChange={(event) => toggle(type, event.target.checked)}
            />
            {activityTitle(type)}
          </label>
        ))}
      </fieldset>
      <div className="form-row">
        <button type="submit" className="button primary" disabled={submit.busy}>
          {submit.busy ? 'Registering…' : 'Register'}
        </button>
        <SubmitResult id={resultId} state={submit.state} />
      </div>
    </form>
  );
}
