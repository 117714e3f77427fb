import {
  followingStatus,
  idleRelayStatus,
  relayUrlProblem,
  type RelayStatus,
  type RelayTestResult,
} from '../../../shared/model/relay.ts';
import type { Settings } from '../../../shared/model/settings.ts';
import { CoreError } from '../errors/core-error.ts';
import type { SecretVault } from '../ports/ports.ts';
import type { RelayPuller } from '../relay/relay-module.ts';
import type { SettingsService } from '../settings/settings-service.ts';
import type { Database } from '../store/database.ts';
import type { HostState } from '../sync/poller.ts';
import type { AnnounceDeps } from '../webhooks/announce-activity.ts';

export interface RelayRequest {
  url: string;
  /** Omitted: the token saved for exactly this address. */
  token?: string;
}

/**
 * The user's relay: pulled from while settings choose delivery through a
 * relay and name one whose token is saved, restarted when either changes.
 * The pull client is loaded on first need, so a launch that uses no relay
 * never reads it. What the host reports (online, suspended) outlives pullers.
 */
export function createRelaySlot(
  deps: AnnounceDeps & { db: Database; vault: SecretVault; settings: SettingsService },
) {
  const load = () => import('../relay/relay-module.ts');
  let puller: RelayPuller | null = null;
  let host: HostState = { online: true, suspended: false };
  let status = idleRelayStatus('catalogue', null, 'off');
  /** What runs now: the address and the token's generation; a change of either restarts. */
  let applied = '';
  let tokenGeneration = 0;
  let queue = Promise.resolve();
  let unsubscribe: (() => void) | null = null;

  function publish(next: RelayStatus): void {
    const changed = followingStatus(status, next);
    if (changed === null) return;
    status = changed;
    deps.emit({ type: 'relay', status });
  }

  function wantedUrl(settings: Settings): string | null {
    const { delivery, relayUrl } = settings.webhooks;
    return delivery === 'relay' && relayUrl !== '' ? relayUrl : null;
  }

  function apply(): Promise<void> {
    const url = wantedUrl(deps.settings.get());
    const wanted = url === null ? '' : `${tokenGeneration} ${url}`;
    if (wanted === applied) return queue;
    applied = wanted;
    queue = queue
      .then(async () => {
        const running = puller;
        puller = null;
        await running?.stop();
        if (url === null) return publish(idleRelayStatus('catalogue', null, 'off'));
        const relay = await load();
        if ((await relay.relayTokenFor(deps.vault, url)) === null) {
          return publish(idleRelayStatus('catalogue', url, 'token-needed'));
        }
        puller = relay.startPulling({
          ...deps,
          source: 'catalogue',
          url,
          token: { vault: deps.vault },
          host,
          onStatus: publish,
        });
      })
      .catch((error: unknown) => deps.log.error('relay not followed', { error: String(error) }));
    return queue;
  }

  return {
    async start(): Promise<void> {
      unsubscribe ??= deps.settings.onChange(() => void apply());
      await apply();
    },

    async stop(): Promise<void> {
      unsubscribe?.();
      unsubscribe = null;
      await queue;
      await puller?.stop();
      puller = null;
      applied = '';
    },

    /**
     * Chooses delivery through the relay at `url`. A token given is saved for
     * that address alone; without one, the address must be the one the saved
     * token was given for, since it is sent nowhere else.
     */
    async configure({ url, token }: RelayRequest): Promise<RelayStatus> {
      const problem = relayUrlProblem(url);
      if (problem !== null) throw new CoreError('invalid-input', problem, 'url');
      const relay = await load();
      if (token !== undefined) {
        await relay.saveRelayToken(deps.vault, url, token);
        tokenGeneration += 1;
      } else if ((await relay.relayTokenFor(deps.vault, url)) === null) {
        throw new CoreError(
          'invalid-input',
          'Enter the relay’s token: a token is sent only to the address it was entered with, and none was entered with this one.',
          'token',
        );
      }
      deps.settings.chooseRelay(url);
      await apply();
      return status;
    },

    /** Tries the relay with the token given, or the one saved for exactly that address. */
    async test({ url, token }: RelayRequest): Promise<RelayTestResult> {
      const relay = await load();
      const known = token ?? (await relay.relayTokenFor(deps.vault, url));
      if (known === null) {
        return {
          ok: false,
          message: 'Enter the relay’s token: none was saved for this address.',
        };
      }
      return relay.testRelayConnection({ url, token: known });
    },

    setHostState(state: Partial<HostState>): void {
      host = { ...host, ...state };
      puller?.setHostState(state);
    },

    status: (): RelayStatus => status,
  };
}

export type RelaySlot = ReturnType<typeof createRelaySlot>;
