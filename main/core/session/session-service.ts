import type { CoreEvent } from '../../../shared/ipc/events.ts';
import type { Session } from '../../../shared/model/session.ts';
import { ApiError } from '../api/api-error.ts';
import type { MessagingApi } from '../api/messaging-api.ts';
import {
  hasSecretFor,
  storeBoundSecret,
  vaultToken,
  type TokenSource,
} from '../api/credentials.ts';
import { createMessagingClient } from '../api/messaging-client.ts';
import { cleartextProblem } from '../../../shared/security/cleartext.ts';
import { CoreError } from '../errors/core-error.ts';
import type { KeyValueStore, Logger, SecretVault } from '../ports/ports.ts';
import type { Database } from '../store/database.ts';
import { readSelf } from '../store/self-identity.ts';
import {
  claimLocalData,
  clearLocalData,
  localDataAccount,
  pendingWriteCount,
} from './local-data.ts';

/** The server the core talks to right now, with a client that reads its token from the vault. */
export interface Workspace {
  api: MessagingApi;
  baseUrl: string;
  demo: boolean;
}

/** Where the demo workspace's server answers, and the demo's own token for it. */
export interface DemoAddress {
  baseUrl: string;
  token: string;
}

/** The sandbox behind the demo workspace (see demo-workspace.ts). */
export interface DemoWorkspace {
  /** Starts it if it is not running; answers its address. */
  ensureRunning(): Promise<DemoAddress>;
  /** `listener` hears of services started again (after they died) on another address. */
  onMoved(listener: (address: DemoAddress) => void): void;
  stop(): Promise<void>;
  /** Stops it and deletes its data, so the next start seeds a fresh workspace. */
  reset(): Promise<void>;
}

type StoredSession =
  { mode: 'signed-out' } | { mode: 'demo' } | { mode: 'server'; baseUrl: string };

const SESSION_KEY = 'session';
const DEMO_ACCOUNT = 'demo';

function keptFor(account: string | null): Session['keptFor'] {
  if (account === null) return null;
  return account === DEMO_ACCOUNT
    ? { demo: true, baseUrl: null }
    : { demo: false, baseUrl: account };
}

export interface SessionService {
  get(): Session;
  workspace(): Workspace | null;
  /**
   * `listener` hears of every workspace opened or left; what it returns is
   * waited for before a workspace left is cleared (a sync engine still
   * storing what it fetched must be done first).
   */
  onWorkspace(listener: (workspace: Workspace | null) => void | Promise<void>): () => void;
  /** Restores the last session without touching the network; opens the demo on first run. */
  start(): Promise<void>;
  signIn(baseUrl: string, token: string): Promise<Session>;
  /** Clearing drops unsent changes only when the user agreed to drop at least that many. */
  signOut(clearData: boolean, unsentToDiscard?: number): Promise<Session>;
  useDemo(): Promise<Session>;
  resetDemo(): Promise<Session>;
  /** The server refused the token: keep the data, ask the user to sign in again. */
  markUnauthorized(): void;
  stop(): Promise<void>;
}

export function createSessionService(deps: {
  db: Database;
  vault: SecretVault;
  preferences: KeyValueStore;
  demo: DemoWorkspace;
  log: Logger;
  emit(event: CoreEvent): void;
  /** Local data was cleared: caches of what it held (fetched pictures) go too. */
  onLocalDataCleared?(): void;
}): SessionService {
  const { db, vault, preferences, demo, log } = deps;
  const listeners = new Set<(workspace: Workspace | null) => void | Promise<void>>();
  let current: Workspace | null = null;
  let state: Session['state'] = 'signed-out';

  const stored = (): StoredSession | null => {
    const value = preferences.get(SESSION_KEY) as StoredSession | undefined;
    return value && typeof value === 'object' && 'mode' in value ? value : null;
  };

  const clientFor = (baseUrl: string, getToken: TokenSource) =>
    createMessagingClient({ baseUrl, getToken, log });

  function session(): Session {
    const saved = stored();
    return {
      state,
      baseUrl: current?.baseUrl ?? (saved?.mode === 'server' ? saved.baseUrl : null),
      demo: current?.demo ?? saved?.mode === 'demo',
      selfName: readSelf(db)?.username ?? null,
      keptFor: keptFor(localDataAccount(db)),
    };
  }

  /** Resolves once every listener is done with the change (see onWorkspace). */
  async function publish(workspace: Workspace | null): Promise<void> {
    current = workspace;
    const done = [...listeners].map((listener) => listener(workspace));
    deps.emit({ type: 'session', session: session() });
    await Promise.all(done);
  }

  function clearAccountData() {
    clearLocalData(db, log);
    deps.onLocalDataCleared?.();
  }

  /** Pending writes of another account are never silently dropped by a switch. */
  function assertCanSwitchTo(account: string) {
    const owner = localDataAccount(db);
    const pending = pendingWriteCount(db);
    if (owner !== null && owner !== account && pending > 0) {
      const them = pending === 1 ? 'it' : 'them';
      const dropThem =
        state === 'signed-out'
          ? `remove ${them} from this computer on the sign-in screen.`
          : `sign out with "Also remove messages, drafts and unsent changes" ticked to drop ${them}.`;
      throw new CoreError(
        'invalid-input',
        `${changes(pending)} made ${owner === DEMO_ACCOUNT ? 'in the demo workspace' : `on ${owner}`} ` +
          `${pending === 1 ? 'is' : 'are'} still waiting to be sent. Connect to that server again ` +
          `to send ${them}, or ${dropThem}`,
      );
    }
  }

  /** Local data of another account is never mixed in. */
  function takeLocalData(account: string) {
    if (localDataAccount(db) === account) return;
    assertCanSwitchTo(account);
    clearAccountData();
    claimLocalData(db, account);
  }

  async function activateDemo(): Promise<void> {
    takeLocalData(DEMO_ACCOUNT);
    const address = await demo.ensureRunning();
    state = 'signed-in';
    void publishDemo(address);
  }

  const publishDemo = ({ baseUrl, token }: DemoAddress) =>
    publish({ api: clientFor(baseUrl, async () => token), baseUrl, demo: true });

  // The same account on a new address: its engine starts over there, its local data as it is.
  demo.onMoved((address) => {
    if (current?.demo) void publishDemo(address);
  });

  function activateServer(baseUrl: string): void {
    takeLocalData(baseUrl);
    state = 'signed-in';
    // This client lives as long as this sign-in, and its token with it.
    const token = vaultToken(vault, 'messaging-token', 1_000);
    void publish({ api: clientFor(baseUrl, token), baseUrl, demo: false });
  }

  async function verify(baseUrl: string, token: string): Promise<void> {
    try {
      await clientFor(baseUrl, async () => token).listConversations({ limit: 1 });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.kind === 'unauthorized') {
        throw new CoreError('unauthorized', 'The server did not accept this token.', 'token');
      }
      if (error.kind === 'network' || error.kind === 'timeout') {
        throw new CoreError('network', error.message, 'baseUrl');
      }
      throw new CoreError('server', `The server answered: ${error.message}`, 'baseUrl');
    }
  }

  async function leave(): Promise<void> {
    await publish(null);
    await demo.stop();
  }

  return {
    get: session,
    workspace: () => current,
    onWorkspace(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    async start() {
      if (current) return;
      const saved = stored() ?? { mode: 'demo' };
      if (saved.mode === 'demo') {
        preferences.set(SESSION_KEY, saved);
        await activateDemo();
      } else if (saved.mode === 'server') {
        // A token stored for another address (or before tokens were bound) asks for signing in again.
        if (await hasSecretFor(vault, 'messaging-token', saved.baseUrl)) {
          activateServer(saved.baseUrl);
        } else {
          state = 'reauth-required';
          await publish(null);
        }
      }
    },

    async signIn(rawBaseUrl, token) {
      const baseUrl = normalizeBaseUrl(rawBaseUrl);
      await verify(baseUrl, token);
      assertCanSwitchTo(baseUrl);
      await leave();
      await storeBoundSecret(vault, 'messaging-token', baseUrl, token);
      preferences.set(SESSION_KEY, { mode: 'server', baseUrl } satisfies StoredSession);
      activateServer(baseUrl);
      log.info('signed in', { baseUrl });
      return session();
    },

    async signOut(clearData, unsentToDiscard = 0) {
      const unsent = pendingWriteCount(db);
      if (clearData && unsent > unsentToDiscard) {
        throw new CoreError(
          'invalid-input',
          `${changes(unsent)} ${unsent === 1 ? 'has' : 'have'} not been sent yet. ` +
            'Sign out without removing data to keep them, or confirm that they may be dropped.',
          'unsentToDiscard',
        );
      }
      const wasDemo = current?.demo ?? false;
      await leave();
      await vault.delete('messaging-token');
      preferences.set(SESSION_KEY, { mode: 'signed-out' } satisfies StoredSession);
      state = 'signed-out';
      if (clearData) {
        clearAccountData();
        if (wasDemo) await demo.reset();
      }
      deps.emit({ type: 'session', session: session() });
      return session();
    },

    async useDemo() {
      assertCanSwitchTo(DEMO_ACCOUNT);
      await publish(null);
      preferences.set(SESSION_KEY, { mode: 'demo' } satisfies StoredSession);
      await activateDemo();
      return session();
    },

    async resetDemo() {
      await leave();
      await demo.reset();
      clearAccountData();
      preferences.set(SESSION_KEY, { mode: 'demo' } satisfies StoredSession);
      await activateDemo();
      return session();
    },

    markUnauthorized() {
      if (state !== 'signed-in') return;
      state = 'reauth-required';
      deps.emit({ type: 'session', session: session() });
    },

    async stop() {
      current = null;
      listeners.clear();
      await demo.stop();
    },
  };
}

function changes(count: number): string {
  return `${count} change${count === 1 ? '' : 's'}`;
}

function normalizeBaseUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new CoreError('invalid-request', 'The server address is not a valid URL.', 'baseUrl');
  }
  if (url.username !== '' || url.password !== '') {
    // Credentials in the address would end up in logs and settings; the token has its own field.
    throw new CoreError(
      'invalid-request',
      'Leave user names and passwords out of the server address; the token goes in its own field.',
      'baseUrl',
    );
  }
  const insecure = cleartextProblem(url);
  if (insecure !== null) throw new CoreError('invalid-request', insecure, 'baseUrl');
  return url.href.replace(/\/+$/, '');
}
