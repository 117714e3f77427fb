import type { Settings } from '../../../shared/model/settings.ts';
import { ActivityPreferences } from './activity-preferences.tsx';
import { DeliveryChoice } from './delivery-choice.tsx';
import { RelayForm } from './relay-form.tsx';
import { ReceiverForm } from './receiver-form.tsx';
import { ReceiverStatusPanel, useReceiverStatus } from './receiver-status.tsx';
import { RegistrationForm } from './registration-form.tsx';
import { WebhookSecretForm } from './webhook-secret-form.tsx';

/** What a shop needs for the delivery it chose, in order. */
function SetupSteps({ steps }: { steps: string[] }) {
  return (
    <>
      <p className="hint">For your own shop you need:</p>
      <ol className="hint setup-steps">
        {steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
    </>
  );
}

/** The catalogue-and-order service: the local receiver, its secret, the registration, the feed. */
export function OrdersSection({ settings }: { settings: Settings }) {
  const status = useReceiverStatus();
  return (
    <section className="settings-section" aria-labelledby="settings-orders">
      <h3 id="settings-orders" tabIndex={-1}>
        Orders and catalogue
      </h3>
      <p className="hint">
        Parley shows the orders, shipments, invoices and product changes of your catalogue-and-order
        service under Activity. The service sends each one as a signed HTTPS request (a webhook), to
        a relay that keeps them for Parley or straight to a receiver inside Parley. The demo
        workspace does all of this by itself with sample orders.
      </p>
      <DeliveryChoice delivery={settings.webhooks.delivery} />
      {settings.webhooks.delivery === 'relay' ? (
        <>
          <SetupSteps
            steps={[
              'a relay running on a server the catalogue service can reach (“Deploying the relay” in the README), started with the service’s signing secret;',
              'the relay’s address and token, below;',
              'the relay’s public address registered with the service, under Registration.',
            ]}
          />
          <h4>Relay</h4>
          <RelayForm relayUrl={settings.webhooks.relayUrl} />
        </>
      ) : (
        <>
          <SetupSteps
            steps={[
              'the receiver below turned on;',
              'the service’s signing secret, saved below;',
              'a public HTTPS address that reaches this computer: a reverse proxy or tunnel (Caddy, nginx, a tunnel service) that forwards to the receiver;',
              'that address registered with the service, under Registration.',
            ]}
          />
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
