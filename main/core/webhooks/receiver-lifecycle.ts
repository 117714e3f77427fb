import type { Settings } from '../../../shared/model/settings.ts';
import type { Logger } from '../ports/ports.ts';
import type { SettingsService } from '../settings/settings-service.ts';
import type { WebhookReceiver } from './receiver.ts';

export interface ReceiverLifecycle {
  /** Starts the receiver if the settings say so, and follows their changes from then on. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Keeps the receiver in step with settings.webhooks: listening while enabled
 * and events are delivered directly (not pulled from a relay), restarted when
 * host, port or path change. A receiver that cannot start (port
 * taken, say) does not stop the app; its status carries the reason.
 */
export function followReceiverSettings(
  receiver: WebhookReceiver,
  settings: SettingsService,
  log: Logger,
): ReceiverLifecycle {
  let applied = '';
  let unsubscribe: (() => void) | null = null;
  let queue = Promise.resolve();

  function apply(current: Settings): Promise<void> {
    const { delivery, host, port, path } = current.webhooks;
    const enabled = current.webhooks.enabled && delivery === 'direct';
    const wanted = enabled ? JSON.stringify({ host, port, path }) : '';
    if (wanted === applied) return queue;
    applied = wanted;
    queue = queue.then(() =>
      enabled
        ? receiver.start({ host, port, path }).then(
            () => {},
            (error: unknown) => log.warn('webhook receiver not started', { error: String(error) }),
          )
        : receiver.stop(),
    );
    return queue;
  }

  return {
    start() {
      unsubscribe ??= settings.onChange((current) => void apply(current));
      return apply(settings.get());
    },
    async stop() {
      unsubscribe?.();
      unsubscribe = null;
      applied = '';
      await queue;
      await receiver.stop();
    },
  };
}
