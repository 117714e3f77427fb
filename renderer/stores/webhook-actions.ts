import type { CatalogueEventType } from '../../shared/model/settings.ts';
import { call } from '../ipc/parley.ts';
import { useReceiver } from './receiver-store.ts';
import { useSettings } from './settings-store.ts';
import { updateSettings } from './settings-update.ts';

/** Saves the signing secret; the receiver status says at once that deliveries are accepted. */
export async function saveWebhookSecret(secret: string): Promise<void> {
  useSettings.getState().setSecrets(await call('webhooks:setSecret', { secret }));
  await useReceiver.getState().refresh();
}

/** Moves the receiver to another address, through the core's own action (never a plain update). */
export async function setListenAddress(host: string): Promise<void> {
  useSettings.setState(await call('webhooks:setListenAddress', { host }));
}

export async function exportCertificate(): Promise<string> {
  return (await call('webhooks:exportCertificate', {})).pem;
}

/**
 * Keeps the registration's settings, saves a new catalogue token when one is
 * given, then registers; throws the service's refusal in its own words.
 */
export async function registerWebhook(request: {
  catalogueUrl: string;
  notificationUrl: string;
  events: CatalogueEventType[];
  token: string;
}) {
  const { token, ...registration } = request;
  await updateSettings({ webhooks: registration });
  if (token) {
    useSettings.getState().setSecrets(
      await call('webhooks:setCatalogueToken', {
        catalogueUrl: registration.catalogueUrl,
        token,
      }),
    );
  }
  return call('webhooks:register', registration);
}
