/**
 * What the rest of the core sees of the Messaging API: records already
 * validated and normalised (timestamps in epoch milliseconds, reactions merged
 * into one map), whatever the server's own conventions turn out to be.
 */

export interface ApiContact {
  id: string;
  username: string;
  phoneNumber: string | null;
  avatarUrl: string | null;
  lastActiveAt: number | null;
  createdAt: number | null;
}

/** reaction name → names of those who reacted */
export type Reactions = Record<string, string[]>;

export interface ApiMessage {
  id: string;
  conversationId: string;
  contact: ApiContact;
  message: string;
  reactions: Reactions;
  /** As the server sent them: the spec does not show the attachment fields. */
  attachments: unknown[];
  readAt: number | null;
  createdAt: number;
  updatedAt: number | null;
}

export interface ApiConversation {
  id: string;
  contactId: string | null;
  groupId: string | null;
  pinnedMessageId: string | null;
  isPinned: boolean;
  isMuted: boolean;
  lastActiveAt: number | null;
  lastOpenedAt: number | null;
  createdAt: number;
  archivedAt: number | null;
  raw: Record<string, unknown>;
}

export interface Page<T> {
  /** Newest first, whatever order the server used. */
  data: T[];
  hasMore: boolean;
  /**
   * Pass as `startingAfter` for the next page; null when there is none. Pages
   * follow the server's own order: older pages from a newest-first server,
   * newer ones from an oldest-first server (`traits.listOrder` says which).
   */
  nextCursor: string | null;
  /** Records that failed validation and were left out (and logged). */
  skipped: number;
  /**
   * True when the server answered a `startingAfter` request with records of an
   * earlier page: it ignores the cursor. The page is then empty with hasMore
   * false, so no paging loop can spin; see `listAll` in paginate.ts for the fallback.
   */
  cursorIgnored?: boolean;
}

/** What the client has learned about the server's choices the spec leaves open. */
export interface ServerTraits {
  timestampUnit: 'seconds' | 'milliseconds' | 'unknown';
  listOrder: 'newest-first' | 'oldest-first' | 'unknown';
  cursor: 'starting_after' | 'ignored' | 'unknown';
}

export interface ListMessagesQuery {
  conversationId?: string;
  limit?: number;
  startingAfter?: string;
  signal?: AbortSignal;
}

export interface ListConversationsQuery {
  limit?: number;
  startingAfter?: string;
  muted?: boolean;
  archived?: boolean;
  pinned?: boolean;
  groupId?: string;
  signal?: AbortSignal;
}

export interface MessageUpdate {
  message?: string;
  /** The complete set after the change (the sandbox replaces; see README). */
  reactions?: Reactions;
  attachments?: unknown[];
}

export interface ConversationUpdate {
  pinnedMessageId?: string | null;
  isPinned?: boolean;
  isMuted?: boolean;
  /** A timestamp archives; null restores. */
  archivedAt?: number | null;
}

/** Writes carry an idempotency key so a retried request cannot act twice. */
export interface WriteOptions {
  idempotencyKey?: string;
  signal?: AbortSignal;
}

export interface MessagingApi {
  readonly traits: ServerTraits;
  listMessages(query?: ListMessagesQuery): Promise<Page<ApiMessage>>;
  listConversations(query?: ListConversationsQuery): Promise<Page<ApiConversation>>;
  getMessage(id: string, options?: { signal?: AbortSignal }): Promise<ApiMessage>;
  getConversation(id: string, options?: { signal?: AbortSignal }): Promise<ApiConversation>;
  sendMessage(
    input: { conversationId: string; message: string; attachments?: unknown[] },
    options?: WriteOptions,
  ): Promise<ApiMessage>;
  updateMessage(id: string, update: MessageUpdate, options?: WriteOptions): Promise<ApiMessage>;
  deleteMessage(id: string, options?: WriteOptions): Promise<void>;
  createConversation(
    input: { contactId: string } | { groupId: string },
    options?: WriteOptions,
  ): Promise<ApiConversation>;
  updateConversation(
    id: string,
    update: ConversationUpdate,
    options?: WriteOptions,
  ): Promise<ApiConversation>;
  deleteConversation(id: string, options?: WriteOptions): Promise<void>;
}

export type ApiErrorKind =
  | 'unauthorized'
  | 'not-found'
  | 'invalid-input'
  | 'rate-limited'
  | 'server'
  | 'network'
  | 'timeout';
