import type { SecretPresence } from '../../../../shared/model/session.ts';
import { hasSecretFor } from '../../api/credentials.ts';
import type { SecretVault } from '../../ports/ports.ts';
import type { SettingsService } from '../../settings/settings-service.ts';
import type { Handlers } from '../router.ts';

/** Below this length the last characters would give away too much of a secret to show any. */
const HINTED_SECRET_LENGTH = 32;

/**
 * Which secrets are set, each for the address in use now: a token saved for
 * another address counts as not set, since it would not be sent there.
 */
export async function secretPresence(
  vault: SecretVault,
  addresses: { baseUrl: string | null; catalogueUrl: string },
): Promise<SecretPresence> {
  const [messaging, catalogue, webhook] = await Promise.all([
    hasSecretFor(vault, 'messaging-token', addresses.baseUrl),
    hasSecretFor(vault, 'catalogue-token', addresses.catalogueUrl),
    vault.get('webhook-secret'),
  ]);
  return {
    messagingToken: messaging,
    catalogueToken: catalogue,
    webhookSecret: webhook !== null,
    webhookSecretHint:
      webhook !== null && webhook.length >= HINTED_SECRET_LENGTH ? `…${webhook.slice(-4)}` : null,
  };
}

export function settingsHandlers(
  settings: SettingsService,
  presence: () => Promise<SecretPresence>,
): Pick<Handlers, 'settings:get' | 'settings:update'> {
  return {
    'settings:get': async () => ({ settings: settings.get(), secrets: await presence() }),
    'settings:update': async (patch) => ({
      settings: settings.update(patch),
      secrets: await presence(),
    }),
  };
}
