import type { SecretPresence } from '../../../../shared/model/session.ts';
import type { SecretVault } from '../../ports/ports.ts';
import type { SettingsService } from '../../settings/settings-service.ts';
import type { Handlers } from '../router.ts';

export async function secretPresence(vault: SecretVault): Promise<SecretPresence> {
  const [messaging, catalogue, webhook] = await Promise.all([
    vault.get('messaging-token'),
    vault.get('catalogue-token'),
    vault.get('webhook-secret'),
  ]);
  return {
    messagingToken: messaging !== null,
    catalogueToken: catalogue !== null,
    webhookSecret: webhook !== null,
    webhookSecretHint: webhook === null ? null : `…${webhook.slice(-4)}`,
  };
}

export function settingsHandlers(
  settings: SettingsService,
  vault: SecretVault,
): Pick<Handlers, 'settings:get' | 'settings:update'> {
  return {
    'settings:get': async () => ({
      settings: settings.get(),
      secrets: await secretPresence(vault),
    }),
    'settings:update': async (patch) => ({
      settings: settings.update(patch),
      secrets: await secretPresence(vault),
    }),
  };
}
