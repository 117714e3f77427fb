import { z } from 'zod';
import { epochMs } from './conversation.ts';

export const sessionState = z.enum(['signed-out', 'signed-in', 'reauth-required']);

export const session = z.object({
  state: sessionState,
  baseUrl: z.string().nullable(),
  /** True while the embedded demo workspace is the server. */
  demo: z.boolean(),
  /** The contact the server shows as the author of our own messages, once learned. */
  selfName: z.string().nullable(),
  /**
   * Whose messages and unsent changes this computer keeps: after a sign-out
   * that kept them, where to sign in again to see and send them.
   */
  keptFor: z
    .discriminatedUnion('demo', [
      z.object({ demo: z.literal(true), baseUrl: z.null() }),
      z.object({ demo: z.literal(false), baseUrl: z.string() }),
    ])
    .nullable(),
});
export type Session = z.infer<typeof session>;

export const connectionState = z.enum(['online', 'offline', 'connecting', 'unauthorized']);
export type ConnectionState = z.infer<typeof connectionState>;

export const syncStatus = z.object({
  connection: connectionState,
  /** Outbox writes not yet confirmed by the server. */
  pendingWrites: z.number().int().nonnegative(),
  failedWrites: z.number().int().nonnegative(),
  initialSync: z.object({
    done: z.boolean(),
    pages: z.number().int().nonnegative(),
    items: z.number().int().nonnegative(),
  }),
  /** Older messages, fetched in the background once the initial sync is done. */
  history: z.object({
    done: z.boolean(),
    items: z.number().int().nonnegative(),
    /** Every stored message can be found by search (older history is indexed after it is stored). */
    indexed: z.boolean(),
  }),
  lastSyncedAt: epochMs.nullable(),
  /** Why the last round failed, in words for the user. */
  lastError: z.string().nullable(),
});
export type SyncStatus = z.infer<typeof syncStatus>;

/** Secrets are never sent to the renderer; it only learns whether one is set. */
export const secretPresence = z.object({
  messagingToken: z.boolean(),
  catalogueToken: z.boolean(),
  webhookSecret: z.boolean(),
  /** The last four characters of the webhook secret, for recognising it. */
  webhookSecretHint: z.string().nullable(),
});
export type SecretPresence = z.infer<typeof secretPresence>;
