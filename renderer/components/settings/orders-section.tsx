import type { Settings } from '../../../shared/model/settings.ts';
import { ActivityPreferences } from './activity-preferences.tsx';
import { DeliveryChoice } from './delivery-choice.tsx';
import { RelayForm } from './relay-form.tsx';
import { ReceiverForm } from './receiver-form.tsx';
import { ReceiverStatusPanel, useReceiverStatus } from './receiver-status.tsx';
import { RegistrationForm } from './registration-form.tsx';
import { WebhookSecretForm } from './webhook-secret-form.tsx';

/** The catalogue-and-order service: the local receiver, its secret, the registration, the feed. */
export function OrdersSection({ settings }: { settings: Settings }) {
  const status = useReceiverStatus();
  return (
    <section className="settings-section" aria-labelledby="settings-orders">
      <h3 id="settings-orders">Orders and catalogue</h3>
      <p className="hint">
        Parley receives the catalogue service’s webhooks over HTTPS and shows them under Activity.
      </p>
      <DeliveryChoice delivery={settings.webhooks.delivery} />
      {settings.webhooks.delivery === 'relay' ? (
        <>
          <h4>Relay</h4>
          <RelayForm relayUrl={settings.webhooks.relayUrl} />
        </>
      ) : (
        <>
          <h4>Receiver</h4>
          <ReceiverForm webhooks={settings.webhooks} />
          <ReceiverStatusPanel enabled={settings.webhooks.enabled} status={status} />
          <WebhookSecretForm />
        </>
      )}
      <h4>Registration</h4>
      <RegistrationForm
        webhooks={settings.webhooks}
        receiverUrl={status?.listening ? status.url : null}
      />
      <h4>In the app</h4>
      <ActivityPreferences settings={settings} />
    </section>
  );
}
