import { mkdirSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { dirname } from 'node:path';
import { registerAssetRoutes } from './assets/asset-routes.ts';
import { registerCatalogueService } from './catalogue/catalogue-service.ts';
import { createSimulatedReplies } from './demo/simulated-replies.ts';
import { seedDemo } from './demo/seed-demo.ts';
import { createSandboxApp, refuseOtherMethods } from './http/app.ts';
import { bearerAuth, createTokenLookup, requestUser, type UserCredential } from './http/auth.ts';
import { installFaults, NO_FAULTS, parseFaults } from './http/faults.ts';
import { installIdempotency } from './http/idempotency.ts';
import { rateLimit } from './http/rate-limit.ts';
import { registerConversationRoutes } from './routes/conversations.ts';
import { registerMessageRoutes } from './routes/messages.ts';
import { openSandboxDatabase } from './store/database.ts';
import { createIdempotencyKeys } from './store/idempotency-keys.ts';
import { createWorkspace } from './store/workspace.ts';

export { SandboxDataError } from './schema/data-error.ts';

export interface SandboxOptions {
  /** 0 or absent = a free port; always 127.0.0.1 */
  port?: number;
  /** none → one user "you" with a generated token */
  users?: UserCredential[];
  groups?: { groupId: string; members: string[] }[];
  demo?: boolean;
  demoReplyDelayMs?: number;
  /** absent = in memory */
  dataFile?: string;
  /** same syntax as --faults */
  faults?: string;
  rateLimitPerMinute?: number;
  /** request log lines (never tokens) */
  log?: (line: string) => void;
  /** signs catalogue webhook deliveries; absent = generated, see Sandbox.webhookSecret */
  webhookSecret?: string;
  /** base delay of the webhook retry backoff (default 1000) */
  webhookBackoffMs?: number;
  /** PEM of a CA trusted for webhook deliveries besides the default store */
  trustCa?: string;
  /** emit a realistic stream of catalogue events */
  simulate?: boolean;
}

export interface Sandbox {
  /** http://127.0.0.1:<port> */
  url: string;
  users: UserCredential[];
  webhookSecret: string;
  setFaults(spec: string | null): void;
  close(): Promise<void>;
}

export const DEFAULT_RATE_LIMIT_PER_MINUTE = 6_000;
const DEFAULT_DEMO_REPLY_DELAY_MS = 3_000;
const BODY_LIMIT_BYTES = 256 * 1024;
const ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
const TOKEN_PATTERN = /^[\x21-\x7e]{1,512}$/;

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Checks users and groups before anything starts; throws an Error that says what is wrong. */
function checkSetup(users: readonly UserCredential[], groups: SandboxOptions['groups'] = []) {
  const ids = new Set<string>();
  const tokens = new Set<string>();
  for (const user of users) {
    if (!ID_PATTERN.test(user.contactId)) {
      throw new Error(`bad user id "${user.contactId}": use letters, digits, . _ - (up to 64)`);
    }
    if (!TOKEN_PATTERN.test(user.token)) {
      throw new Error(`bad token for ${user.contactId}: use 1 to 512 visible ASCII characters`);
    }
    if (ids.has(user.contactId)) throw new Error(`user ${user.contactId} is given twice`);
    if (tokens.has(user.token)) throw new Error(`two users share a token`);
    ids.add(user.contactId);
    tokens.add(user.token);
  }
  for (const group of groups) {
    for (const id of [group.groupId, ...group.members]) {
      if (!ID_PATTERN.test(id)) throw new Error(`bad id "${id}" in group ${group.groupId}`);
    }
    if (group.members.length === 0) throw new Error(`group ${group.groupId} has no members`);
  }
}

/**
 * Starts the sandbox Messaging service on 127.0.0.1: the reference server the
 * app's demo workspace, the tests and the benchmarks talk to.
 */
export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const users = options.users?.length
    ? options.users.map((user) => ({ ...user }))
    : [{ contactId: 'you', token: randomBytes(24).toString('base64url') }];
  checkSetup(users, options.groups);
  const faultPlan = parseFaults(options.faults ?? '');

  if (options.dataFile) mkdirSync(dirname(options.dataFile), { recursive: true });
  const database = openSandboxDatabase(options.dataFile);
  const workspace = createWorkspace(database);
  const startedAt = nowSeconds();
  for (const user of users)
    workspace.directory.ensureContact({ id: user.contactId, createdAt: startedAt });
  for (const group of options.groups ?? []) {
    for (const member of group.members)
      workspace.directory.ensureContact({ id: member, createdAt: startedAt });
    workspace.directory.defineGroup(group.groupId, group.members, startedAt);
  }
  if (options.demo && database.isNew)
    seedDemo(workspace, (users[0] as UserCredential).contactId, startedAt);

  const replies = options.demo
    ? createSimulatedReplies({
        workspace,
        delayMs: options.demoReplyDelayMs ?? DEFAULT_DEMO_REPLY_DELAY_MS,
        now: nowSeconds,
        log: options.log,
      })
    : null;

  const app = await createSandboxApp({ bodyLimit: BODY_LIMIT_BYTES, log: options.log });
  const faults = installFaults(app, faultPlan);
  app.addHook('onRequest', bearerAuth(createTokenLookup(users)));
  app.addHook(
    'onRequest',
    rateLimit({
      perMinute: options.rateLimitPerMinute ?? DEFAULT_RATE_LIMIT_PER_MINUTE,
      keyOf: requestUser,
    }),
  );
  installIdempotency(app, createIdempotencyKeys(database), nowSeconds);

  const context = {
    workspace,
    now: nowSeconds,
    onMessageSent: replies ? replies.onMessageSent : () => {},
  };
  registerConversationRoutes(app, context);
  registerMessageRoutes(app, context);
  registerAssetRoutes(app);
  refuseOtherMethods(app, '/v1/conversations', ['GET', 'POST']);
  refuseOtherMethods(app, '/v1/conversations/:id', ['GET', 'PUT', 'DELETE']);
  refuseOtherMethods(app, '/v1/messages', ['GET', 'POST']);
  refuseOtherMethods(app, '/v1/messages/:id', ['GET', 'PUT', 'DELETE']);
  const webhookSecret = options.webhookSecret ?? randomBytes(24).toString('base64url');
  const catalogue = await registerCatalogueService(app, {
    database,
    secret: webhookSecret,
    backoffMs: options.webhookBackoffMs,
    trustCa: options.trustCa,
    simulate: options.simulate,
    // Orders come from people the user can message: demo contacts, else the sandbox's users.
    customerIds: options.demo ? undefined : users.map((user) => user.contactId),
    log: options.log,
  });

  try {
    await app.listen({ host: '127.0.0.1', port: options.port ?? 0 });
  } catch (error) {
    replies?.stop();
    await catalogue.close();
    database.close();
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;

  let closing: Promise<void> | null = null;
  return {
    url: `http://127.0.0.1:${port}`,
    users,
    webhookSecret,
    setFaults(spec) {
      faults.set(spec === null ? NO_FAULTS : parseFaults(spec));
    },
    close() {
      closing ??= (async () => {
        replies?.stop();
        await app.close();
        await catalogue.close();
        database.close();
      })();
      return closing;
    },
  };
}
