import { join, resolve } from 'node:path';
import type { CoreEvent } from '../../shared/ipc/events.ts';
import { DEFAULT_SETTINGS } from '../../shared/model/settings.ts';
import { consoleLogger, silentNotifier } from '../core/ports/node-adapters.ts';
import { systemClock } from '../core/ports/ports.ts';
import {
  createMessagingClient,
  openDatabase,
  type Database,
  readKey,
  writeKey,
  createSyncEngine,
  type SyncEngine,
} from '../core/headless.ts';

export interface CliClient {
  db: Database;
  engine: SyncEngine;
  /** Core events as they happen (the watch command prints them). */
  onEvent(listener: (event: CoreEvent) => void): void;
  close(): Promise<void>;
}

const BASE_URL_KEY = 'cli_base_url';

/**
 * The same database, API client and sync engine the app uses, on a data
 * directory of the CLI's own. The base URL is remembered there, so only the
 * first command needs --base-url; the token is read from the environment
 * on every run and never stored.
 */
export function openCliClient(options: {
  dataDir: string;
  baseUrl: string | undefined;
  token: string;
  verbose: boolean;
}): CliClient {
  const db = openDatabase(join(resolve(options.dataDir), 'parley.db'));
  const baseUrl = options.baseUrl ?? readKey(db, 'meta', BASE_URL_KEY);
  if (baseUrl === null) {
    db.close();
    throw new CliUsageError('give --base-url URL (it is remembered for later commands)');
  }
  if (options.baseUrl !== undefined) writeKey(db, 'meta', BASE_URL_KEY, options.baseUrl);
  // Without --verbose a failure is the one line runCli prints, not the retries that led to it.
  const log = options.verbose ? consoleLogger('cli') : { ...consoleLogger('cli', true), warn() {} };
  const listeners: ((event: CoreEvent) => void)[] = [];
  const api = createMessagingClient({ baseUrl, getToken: async () => options.token, log });
  const engine = createSyncEngine({
    db,
    api,
    clock: systemClock,
    log,
    emit: (event) => listeners.forEach((listener) => listener(event)),
    notifier: silentNotifier,
    getSettings: () => DEFAULT_SETTINGS,
  });
  return {
    db,
    engine,
    onEvent: (listener) => void listeners.push(listener),
    async close() {
      await engine.stop();
      db.close();
    },
  };
}

export class CliUsageError extends Error {}
