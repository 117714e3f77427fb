import { z } from 'zod';
import { activityItem, receiverStatus } from '../model/activity.ts';
import {
  contactSuggestion,
  conversationCounts,
  conversationFilter,
  conversationInfo,
  conversationSummary,
  id,
} from '../model/conversation.ts';
import { LIMITS } from '../model/limits.ts';
import {
  attachmentInput,
  KEPT_UNSENT_LIMIT,
  keptUnsent,
  messageQuote,
  messageView,
  openEdit,
  searchHit,
  sharedAttachment,
} from '../model/message.ts';
import { outboxEntryView } from '../model/outbox.ts';
import { relayStatus, relayTestResult, relayUrl } from '../model/relay.ts';
import { desktopCapabilities, updateState } from '../model/desktop.ts';
import { secretPresence, session, syncStatus } from '../model/session.ts';
import { catalogueEventTypes, settings, settingsPatch } from '../model/settings.ts';

/**
 * The one IPC contract between renderer and core: every channel with its request
 * and response schema. The core validates each request against it before doing
 * anything; the preload and the preview bridge carry exactly these channels.
 * Requests are strict objects, so unknown keys (`__proto__` included) are refused.
 */

const none = z.object({}).strict();
const done = z.object({});
const text = (max: number) => z.string().max(max);
const url = text(LIMITS.urlLength).refine((value) => /^https?:\/\//i.test(value), {
  message: 'must be an http or https URL',
});
const page = {
  offset: z.number().int().min(0).max(10_000_000).default(0),
  limit: z.number().int().min(1).max(LIMITS.pageSize).default(50),
};

/** Which conversations the list shows: a filter, a group, what the search box holds. */
const listScope = {
  filter: conversationFilter,
  groupId: id.optional(),
  query: text(LIMITS.queryLength).optional(),
  /** The open conversation, kept in the unread list once read (as WhatsApp keeps it). */
  keptId: id.optional(),
};

const conversationId = z.object({ id }).strict();
const relayRequest = z
  .object({
    url: relayUrl.refine((value) => value !== '', 'enter the relay’s address'),
    token: z.string().trim().min(1).max(LIMITS.tokenLength).optional(),
  })
  .strict();

export const channels = {
  'session:get': { request: none, response: session },
  'session:signIn': {
    request: z
      .object({ baseUrl: url, token: z.string().trim().min(1).max(LIMITS.tokenLength) })
      .strict(),
    response: session,
  },
  'session:signOut': {
    request: z
      .object({
        clearLocalData: z.boolean(),
        /** How many unsent changes the user agreed to drop; clearing refuses to drop more. */
        unsentToDiscard: z.number().int().min(0).default(0),
      })
      .strict(),
    response: session,
  },
  'session:useDemo': { request: none, response: session },
  'session:resetDemo': { request: none, response: session },

  'status:get': { request: none, response: syncStatus },
  'sync:now': { request: none, response: done },
  /** The renderer reports what the user is looking at; polling adapts to it. */
  'app:activity': {
    request: z
      .object({ focused: z.boolean(), visible: z.boolean(), openConversationId: id.nullable() })
      .strict(),
    response: done,
  },

  'conversations:list': {
    request: z.object({ ...listScope, ...page }).strict(),
    response: z.object({ items: z.array(conversationSummary), total: z.number().int() }),
  },
  /** Alt+Shift+Down / Up: the next or previous unread conversation in the list as shown. */
  'conversations:nextUnread': {
    request: z
      .object({ ...listScope, fromId: id.nullable(), step: z.union([z.literal(1), z.literal(-1)]) })
      .strict(),
    /** Its place in that list, for the list to scroll to; null when no other is unread. */
    response: z.object({ id, index: z.number().int().nonnegative() }).nullable(),
  },
  'conversations:counts': { request: none, response: conversationCounts },
  'conversations:get': { request: conversationId, response: conversationSummary.nullable() },
  /** Who a conversation is with, as its info shows them. */
  'conversations:info': { request: conversationId, response: conversationInfo },
  /**
   * Its pictures and files, newest first, the attachments of `limit` messages a
   * page: the newest, or those just older than `before`, or just newer than `after`.
   */
  'conversations:attachments': {
    request: z
      .object({
        conversationId: id,
        before: id.optional(),
        after: id.optional(),
        limit: page.limit,
      })
      .strict()
      .refine((r) => r.before === undefined || r.after === undefined, {
        message: 'give at most one of before, after',
      }),
    response: z.object({
      items: z.array(sharedAttachment),
      /** The message to page on from towards the oldest (`before`); null at the oldest. */
      nextBefore: id.nullable(),
      /** Read with `after`: the message to page on from towards the newest; null at the newest. */
      nextAfter: id.nullable(),
    }),
  },
  'conversations:create': {
    request: z
      .object({ contactId: id.optional(), groupId: id.optional() })
      .strict()
      .refine((r) => (r.contactId === undefined) !== (r.groupId === undefined), {
        message: 'give exactly one of contactId or groupId',
      }),
    response: z.object({ conversationId: id }),
  },
  /** Points a conversation the server has not accepted at another contact or group. */
  'conversations:retarget': {
    request: z
      .object({ id, contactId: id.optional(), groupId: id.optional() })
      .strict()
      .refine((r) => (r.contactId === undefined) !== (r.groupId === undefined), {
        message: 'give exactly one of contactId or groupId',
      }),
    response: z.object({ conversationId: id }),
  },
  'conversations:setPinned': {
    request: z.object({ id, pinned: z.boolean() }).strict(),
    response: done,
  },
  'conversations:setMuted': {
    request: z
      .object({
        id,
        muted: z.boolean(),
        /** How long the mute lasts; null mutes until unmuted by hand. */
        forMs: z
          .number()
          .int()
          .min(60_000)
          .max(366 * 24 * 3_600_000)
          .nullable()
          .default(null),
      })
      .strict(),
    response: done,
  },
  'conversations:setArchived': {
    request: z.object({ id, archived: z.boolean() }).strict(),
    response: done,
  },
  'conversations:delete': { request: conversationId, response: done },
  'conversations:rename': {
    request: z
      .object({ id, localName: z.string().trim().max(LIMITS.nameLength).nullable() })
      .strict(),
    response: done,
  },
  'conversations:pinMessage': {
    request: z.object({ conversationId: id, messageId: id.nullable() }).strict(),
    response: done,
  },
  'conversations:markRead': {
    request: z.object({ conversationId: id, upToMessageId: id.optional() }).strict(),
    response: done,
  },
  /** Local only, as read markers are: the newest message from others counts as unread again. */
  'conversations:markUnread': {
    request: z.object({ conversationId: id }).strict(),
    response: done,
  },
  /** Local too: every conversation the unread filter shows is read up to its newest message. */
  'conversations:markAllRead': {
    request: none,
    response: z.object({ marked: z.number().int().nonnegative() }),
  },

  /**
   * What a `parley://` link to a message shows in place of its address; null
   * when the conversation is not on this computer.
   */
  'messages:quote': {
    request: z.object({ conversationId: id, messageId: id }).strict(),
    response: messageQuote.nullable(),
  },
  'messages:page': {
    request: z
      .object({
        conversationId: id,
        /** Keyset paging: messages older than `before`, newer than `after`, or around `around`. */
        before: id.optional(),
        after: id.optional(),
        around: id.optional(),
        limit: page.limit,
      })
      .strict()
      .refine((r) => [r.before, r.after, r.around].filter(Boolean).length <= 1, {
        message: 'give at most one of before, after, around',
      }),
    response: z.object({
      /** Oldest first. */
      items: z.array(messageView),
      hasBefore: z.boolean(),
      hasAfter: z.boolean(),
      /** The oldest unread message, for the unread divider. */
      firstUnreadId: id.nullable(),
      /**
       * Older messages than the oldest stored may still be on the server (its
       * history is being fetched): `messages:fetchOlder` brings the next page.
       */
      olderOnServer: z.boolean(),
    }),
  },
  'messages:fetchOlder': {
    request: z.object({ conversationId: id }).strict(),
    /** Stores the page of the conversation just older than what is stored. */
    response: z.object({ olderOnServer: z.boolean() }),
  },
  'messages:send': {
    request: z
      .object({
        conversationId: id,
        text: z.string().max(LIMITS.messageLength),
        attachments: z.array(attachmentInput).max(LIMITS.attachmentsPerMessage).default([]),
      })
      .strict()
      .refine((r) => r.text.trim().length > 0 || r.attachments.length > 0, {
        message: 'a message needs text or an attachment',
      }),
    response: z.object({ messageId: id }),
  },
  'messages:edit': {
    request: z
      .object({ messageId: id, text: z.string().trim().min(1).max(LIMITS.messageLength) })
      .strict(),
    response: done,
  },
  'messages:react': {
    request: z
      .object({
        messageId: id,
        reaction: z.string().trim().min(1).max(LIMITS.reactionNameLength),
        add: z.boolean(),
      })
      .strict(),
    response: done,
  },
  'messages:delete': { request: z.object({ messageId: id }).strict(), response: done },
  'messages:search': {
    request: z
      .object({
        query: z.string().trim().min(1).max(LIMITS.queryLength),
        /** Only this conversation's messages ("Search in conversation"). */
        conversationId: id.optional(),
        ...page,
      })
      .strict(),
    response: z.object({ hits: z.array(searchHit), hasMore: z.boolean() }),
  },

  'drafts:get': {
    request: z.object({ conversationId: id }).strict(),
    response: z.object({ text: z.string() }),
  },
  /** The edit open in a conversation's composer, kept as a draft is; null when none. */
  'edits:get': {
    request: z.object({ conversationId: id }).strict(),
    response: openEdit.nullable(),
  },
  'edits:set': {
    request: z.object({ conversationId: id, edit: openEdit.nullable() }).strict(),
    response: done,
  },
  'drafts:set': {
    request: z.object({ conversationId: id, text: z.string().max(LIMITS.draftLength) }).strict(),
    /** `kept`: the conversation was deleted meanwhile; the text went to the kept list. */
    response: z.object({ kept: z.boolean() }),
  },
  /** What was written in conversations deleted elsewhere and never sent. */
  'unsent:listKept': {
    request: none,
    response: z.object({ items: z.array(keptUnsent).max(KEPT_UNSENT_LIMIT) }),
  },
  'unsent:dismissKept': { request: z.object({ id: z.number().int() }).strict(), response: done },
  'contacts:suggest': {
    request: z
      .object({
        query: text(LIMITS.queryLength),
        limit: z.number().int().min(1).max(50).default(8),
        /** Who wrote in this conversation lately comes first (a mention in a group). */
        conversationId: id.optional(),
      })
      .strict(),
    response: z.object({ items: z.array(contactSuggestion) }),
  },

  'outbox:list': { request: none, response: z.object({ items: z.array(outboxEntryView) }) },
  'outbox:retry': { request: z.object({ id: z.number().int() }).strict(), response: done },
  'outbox:discard': { request: z.object({ id: z.number().int() }).strict(), response: done },

  'settings:get': {
    request: none,
    response: z.object({ settings, secrets: secretPresence }),
  },
  'settings:update': {
    request: settingsPatch,
    response: z.object({ settings, secrets: secretPresence }),
  },
  /** Opens an http(s) link in the system browser; anything else is refused. */
  'links:open': { request: z.object({ url }).strict(), response: done },
  /**
   * A link's type and size as its server tells them (a HEAD request by the main
   * process, under the outbound rules of remote images), for the attach-link form.
   */
  'links:probe': {
    request: z.object({ url }).strict(),
    response: z.object({
      mimeType: z.string().nullable(),
      size: z.number().int().nonnegative().nullable(),
    }),
  },

  'activity:list': {
    request: z
      .object({
        types: z.array(text(LIMITS.nameLength)).max(20).optional(),
        /** One order's events (a `parley://order/<id>` link, an order's notification). */
        orderId: id.optional(),
        /** Events with all these words: an order number, a customer, a tracking number, an EAN. */
        search: z.string().trim().min(1).max(LIMITS.queryLength).optional(),
        ...page,
      })
      .strict(),
    response: z.object({
      items: z.array(activityItem),
      total: z.number().int(),
      unseen: z.number().int(),
    }),
  },
  'activity:markSeen': {
    request: z.object({ ids: z.array(text(LIMITS.idLength)).max(LIMITS.pageSize) }).strict(),
    response: done,
  },
  'webhooks:status': { request: none, response: receiverStatus },
  'webhooks:setSecret': {
    request: z.object({ secret: z.string().min(8).max(LIMITS.tokenLength) }).strict(),
    response: secretPresence,
  },
  /** The token is kept for this catalogue URL only: another URL asks for it again. */
  'webhooks:setCatalogueToken': {
    request: z
      .object({ catalogueUrl: url, token: z.string().trim().min(1).max(LIMITS.tokenLength) })
      .strict(),
    response: secretPresence,
  },
  'webhooks:register': {
    request: z
      .object({
        catalogueUrl: url,
        notificationUrl: text(LIMITS.urlLength).refine((v) => /^https:\/\//i.test(v), {
          message: 'the notification URL must use HTTPS',
        }),
        events: catalogueEventTypes.min(1),
      })
      .strict(),
    response: z.object({
      id: z.string(),
      notificationUrl: z.string(),
      events: z.array(z.string()),
    }),
  },
  /**
   * Where the receiver listens: its own action, which the renderer confirms with
   * the user, since an address off this computer exposes it to the network.
   */
  'webhooks:setListenAddress': {
    request: z.object({ host: text(LIMITS.nameLength) }).strict(),
    response: z.object({ settings, secrets: secretPresence }),
  },
  'webhooks:exportCertificate': { request: none, response: z.object({ pem: z.string() }) },
  /** The user's relay and the demo's, each with its state (`off` when not in use). */
  'relay:status': { request: none, response: z.object({ relays: z.array(relayStatus) }) },
  /**
   * Delivery through the relay at `url`, with its token: saved for that address
   * alone. Without a token, `url` must be the address the saved one was given with.
   */
  'relay:configure': { request: relayRequest, response: relayStatus },
  /** Tries the relay (`/healthz`, then an authorised pull of one event) and says how it went. */
  'relay:test': { request: relayRequest, response: relayTestResult },
  'orders:messageCustomer': {
    request: z.object({ customerId: id }).strict(),
    response: z.object({ conversationId: id }),
  },

  /** What the desktop host can do here (nothing in the preview). */
  'desktop:capabilities': { request: none, response: desktopCapabilities },
  'updates:get': { request: none, response: updateState },
  'updates:check': { request: none, response: updateState },
  /**
   * Quits, installs the downloaded update and starts again. While writes wait
   * in the outbox it does nothing unless `force` is set, and answers how many
   * wait, so the user can decide: they are kept and sent after the restart.
   */
  'updates:restart': {
    request: z.object({ force: z.boolean() }).strict(),
    response: z.object({ restarting: z.boolean(), pendingWrites: z.number().int() }),
  },
} as const;

export type Channel = keyof typeof channels;
export type ChannelRequest<C extends Channel> = z.input<(typeof channels)[C]['request']>;
export type ParsedRequest<C extends Channel> = z.output<(typeof channels)[C]['request']>;
export type ChannelResponse<C extends Channel> = z.output<(typeof channels)[C]['response']>;

export const CHANNEL_NAMES = Object.keys(channels) as Channel[];

export function isChannel(name: unknown): name is Channel {
  return typeof name === 'string' && Object.hasOwn(channels, name);
}

export const ipcErrorCode = z.enum([
  'invalid-request',
  'unknown-channel',
  'not-found',
  'unauthorized',
  'invalid-input',
  'rate-limited',
  'network',
  'server',
  'unavailable',
  'internal',
]);
export type IpcErrorCode = z.infer<typeof ipcErrorCode>;

export const ipcError = z.object({
  code: ipcErrorCode,
  message: z.string(),
  /** The request field at fault, when there is one. */
  field: z.string().nullable(),
});
export type IpcError = z.infer<typeof ipcError>;

/** Errors travel as values: Electron's invoke loses a thrown error's shape. */
export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: IpcError };
