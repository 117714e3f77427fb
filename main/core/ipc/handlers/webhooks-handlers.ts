import type { Logger, SecretVault } from '../../ports/ports.ts';
import { registerWebhook } from '../../webhooks/registration.ts';
import type { WebhookReceiver } from '../../webhooks/receiver.ts';
import type { Handlers } from '../router.ts';
import { secretPresence } from './settings-handlers.ts';

/**
 * Receiver status, registration with the catalogue service, the two catalogue
 * secrets and the certificate export. The secrets go into the vault and never
 * come back: the renderer only learns whether each is set.
 */
export function webhookHandlers(deps: {
  receiver: WebhookReceiver;
  vault: SecretVault;
  log: Logger;
}): Pick<
  Handlers,
  | 'webhooks:status'
  | 'webhooks:setSecret'
  | 'webhooks:setCatalogueToken'
  | 'webhooks:register'
  | 'webhooks:exportCertificate'
> {
  const { receiver, vault } = deps;
  return {
    'webhooks:status': async () => receiver.status(),
    'webhooks:setSecret': async ({ secret }) => {
      await vault.set('webhook-secret', secret);
      await receiver.reloadSecret();
      return secretPresence(vault);
    },
    'webhooks:setCatalogueToken': async ({ token }) => {
      await vault.set('catalogue-token', token);
      return secretPresence(vault);
    },
    'webhooks:register': (request) =>
      registerWebhook(request, {
        getToken: () => vault.get('catalogue-token'),
        log: deps.log,
      }),
    'webhooks:exportCertificate': async () => ({ pem: await receiver.certificatePem() }),
  };
}
