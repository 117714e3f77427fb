import { counts } from '../../store/outbox-entries.ts';
import type { DesktopHost } from '../../ports/ports.ts';
import type { Database } from '../../store/database.ts';
import { CoreError } from '../../errors/core-error.ts';
import type { Handlers } from '../router.ts';

/**
 * What only the desktop host can do, behind the same contract as the rest.
 * The outbox guard lives here, where the outbox is: a restart while writes
 * wait is refused unless the user, told how many, asks again with `force`.
 * The writes are durable either way; the question is whether to restart
 * before they reach the server.
 */
export function desktopHandlers(
  host: DesktopHost,
  db: Database,
): Pick<Handlers, 'desktop:capabilities' | 'updates:get' | 'updates:check' | 'updates:restart'> {
  return {
    'desktop:capabilities': async () => host.capabilities(),
    'updates:get': async () => host.updates.state(),
    'updates:check': () => host.updates.check(),
    'updates:restart': async ({ force }) => {
      if (host.updates.state().status !== 'ready') {
        throw new CoreError('unavailable', 'No update has been downloaded yet.');
      }
      const { pending } = counts(db);
      if (pending > 0 && !force) return { restarting: false, pendingWrites: pending };
      host.updates.restart();
      return { restarting: true, pendingWrites: pending };
    },
  };
}
