import type { SecretPresence } from '../../../../shared/model/session.ts';
import { storeBoundSecret, vaultToken } from '../../api/credentials.ts';
import { CoreError } from '../../errors/core-error.ts';
import { isIpAddress } from '../../net/address-policy.ts';
import type { Logger, SecretVault } from '../../ports/ports.ts';
import type { SettingsService } from '../../settings/settings-service.ts';
import { registerWebhook } from '../../webhooks/registration.ts';
import type { WebhookReceiver } from '../../webhooks/receiver.ts';
import type { Handlers } from '../router.ts';

/**
 * Receiver status, registration with the catalogue service, the two catalogue
 * secrets and the certificate export. The secrets go into the vault and never
 * come back: the renderer only learns whether each is set.
 */
export function webhookHandlers(deps: {
  receiver: WebhookReceiver;
  settings: SettingsService;
  vault: SecretVault;
  presence: () => Promise<SecretPresence>;
  log: Logger;
}): Pick<
  Handlers,
  | 'webhooks:status'
  | 'webhooks:setSecret'
  | 'webhooks:setCatalogueToken'
  | 'webhooks:register'
  | 'webhooks:setListenAddress'
  | 'webhooks:exportCertificate'
> {
  const { receiver, vault } = deps;
  return {
    'webhooks:status': async () => receiver.status(),
    'webhooks:setSecret': async ({ secret }) => {
      await vault.set('webhook-secret', secret);
      await receiver.reloadSecret();
      return deps.presence();
    },
    'webhooks:setCatalogueToken': async ({ catalogueUrl, token }) => {
      await storeBoundSecret(vault, 'catalogue-token', catalogueUrl, token);
      return deps.presence();
    },
    'webhooks:register': (request) =>
      registerWebhook(request, {
        getToken: vaultToken(vault, 'catalogue-token'),
        log: deps.log,
      }),
    'webhooks:setListenAddress': async ({ host }) => {
      const address = host.trim();
      if (address.toLowerCase() !== 'localhost' && !isIpAddress(address)) {
        throw new CoreError(
          'invalid-input',
          'Enter an address of this computer to listen on: 127.0.0.1 for this computer only, or an IP address of one of its networks.',
          'host',
        );
      }
      return { settings: deps.settings.setReceiverHost(address), secrets: await deps.presence() };
    },
    'webhooks:exportCertificate': async () => ({ pem: await receiver.certificatePem() }),
  };
}
