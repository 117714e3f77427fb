import { ApiError, invalidInput } from './api-error.ts';
import {
  conversationUpdateForm,
  messageUpdateForm,
  newConversationForm,
  newMessageForm,
  requireId,
} from './form-encoding.ts';
import { createTransport, jsonBody } from './http-transport.ts';
import type { ApiResponse, TransportOptions } from './http-transport.ts';
import type { ListConversationsQuery, MessagingApi, Page } from './messaging-api.ts';
import { listEnvelope, readConversation, readMessage } from './record-parsing.ts';
import type { RecordReader } from './record-parsing.ts';
import { createTraitsLearner } from './server-traits.ts';

/** Cursors whose page is remembered, to recognise a server that answers the same page again. */
const REMEMBERED_CURSORS = 32;

export function createMessagingClient(options: TransportOptions): MessagingApi {
  const send = createTransport(options);
  const { log } = options;
  const learner = createTraitsLearner(log);
  const pageIdsByCursor = new Map<string, Set<string>>();

  async function list<T extends { id: string; createdAt: number }>(
    what: string,
    path: string,
    query: Record<string, string | number | undefined>,
    startingAfter: string | undefined,
    read: RecordReader<T>,
    signal: AbortSignal | undefined,
  ): Promise<Page<T>> {
    const response = await send({ method: 'GET', path, query, signal });
    const envelope = listEnvelope.safeParse(jsonBody(response, `the ${what} list`));
    if (!envelope.success) {
      throw unreadable(response, `The server's ${what} list is not a {data, has_more} list.`);
    }

    const records: T[] = [];
    let skipped = 0;
    for (const raw of envelope.data.data) {
      const result = read(raw, learner);
      if (result.ok) {
        records.push(result.value);
      } else {
        skipped += 1;
        log.warn('api record skipped', { what, id: idOf(raw), problem: result.problem });
      }
    }

    if (startingAfter !== undefined) {
      const earlier = pageIdsByCursor.get(startingAfter);
      const repeats = records.some(
        (record) => record.id === startingAfter || earlier?.has(record.id),
      );
      if (repeats) {
        learner.learnCursor('ignored');
        return { data: [], hasMore: false, nextCursor: null, skipped, cursorIgnored: true };
      }
      if (records.length > 0) learner.learnCursor('starting_after');
    }

    // The cursor continues in the server's own order: the last record as sent, even a skipped one.
    const lastId = idOf(envelope.data.data.at(-1)) ?? records.at(-1)?.id ?? null;
    const nextCursor = envelope.data.has_more === true ? lastId : null;
    const hasMore = nextCursor !== null;
    if (nextCursor !== null) remember(nextCursor, records);
    const order = learner.pageOrder(records.map((record) => record.createdAt));
    return {
      data: order === 'oldest-first' ? records.reverse() : records,
      hasMore,
      nextCursor,
      skipped,
    };
  }

  function remember(cursor: string, records: { id: string }[]) {
    pageIdsByCursor.delete(cursor);
    pageIdsByCursor.set(cursor, new Set(records.map((record) => record.id)));
    if (pageIdsByCursor.size > REMEMBERED_CURSORS) {
      pageIdsByCursor.delete(pageIdsByCursor.keys().next().value as string);
    }
  }

  function one<T>(response: ApiResponse, what: string, read: RecordReader<T>): T {
    const raw = jsonBody(response, `the ${what}`);
    const result = read(raw, learner);
    if (result.ok) return result.value;
    log.warn('api record unreadable', { what, id: idOf(raw), problem: result.problem });
    throw unreadable(response, `The server sent a ${what} this app cannot read.`);
  }

  async function getConversation(id: string, { signal }: { signal?: AbortSignal } = {}) {
    const response = await send({ method: 'GET', path: conversationPath(id), signal });
    return one(response, 'conversation', readConversation);
  }

  return {
    get traits() {
      return learner.traits;
    },

    async listMessages(query = {}) {
      if (query.conversationId !== undefined) requireId(query.conversationId, 'conversation_id');
      return list(
        'message',
        'v1/messages',
        {
          conversation_id: query.conversationId,
          limit: pageLimit(query.limit),
          starting_after: cursor(query.startingAfter),
        },
        query.startingAfter,
        readMessage,
        query.signal,
      );
    },

    async listConversations(query: ListConversationsQuery = {}) {
      if (query.groupId !== undefined) requireId(query.groupId, 'group_id');
      return list(
        'conversation',
        'v1/conversations',
        {
          limit: pageLimit(query.limit),
          starting_after: cursor(query.startingAfter),
          // The spec defines these filters for `true` only; false means "no filter".
          muted: query.muted ? 'true' : undefined,
          archived: query.archived ? 'true' : undefined,
          pinned: query.pinned ? 'true' : undefined,
          group_id: query.groupId,
        },
        query.startingAfter,
        readConversation,
        query.signal,
      );
    },

    async getMessage(id, { signal } = {}) {
      const response = await send({ method: 'GET', path: messagePath(id), signal });
      return one(response, 'message', readMessage);
    },

    getConversation,

    async sendMessage(input, { idempotencyKey, signal } = {}) {
      const form = newMessageForm(input);
      const response = await send({
        method: 'POST',
        path: 'v1/messages',
        form,
        idempotencyKey,
        signal,
      });
      return one(response, 'message', readMessage);
    },

    async updateMessage(id, update, { idempotencyKey, signal } = {}) {
      const path = messagePath(id);
      const form = messageUpdateForm(update);
      const response = await send({ method: 'PUT', path, form, idempotencyKey, signal });
      return one(response, 'message', readMessage);
    },

    async deleteMessage(id, { idempotencyKey, signal } = {}) {
      // 200 with a body, 200 empty and 204 all mean done; the body says nothing more.
      await send({ method: 'DELETE', path: messagePath(id), idempotencyKey, signal });
    },

    async createConversation(input, { idempotencyKey, signal } = {}) {
      const form = newConversationForm(input);
      const response = await send({
        method: 'POST',
        path: 'v1/conversations',
        form,
        idempotencyKey,
        signal,
      });
      return one(response, 'conversation', readConversation);
    },

    async updateConversation(id, update, { idempotencyKey, signal } = {}) {
      if (typeof update.archivedAt === 'number' && learner.traits.timestampUnit === 'unknown') {
        // A time goes out in the server's own unit: learn it from this conversation's times first.
        await getConversation(id, { signal });
      }
      const path = conversationPath(id);
      const form = conversationUpdateForm(update, learner.traits);
      const response = await send({ method: 'PUT', path, form, idempotencyKey, signal });
      return one(response, 'conversation', readConversation);
    },

    async deleteConversation(id, { idempotencyKey, signal } = {}) {
      await send({ method: 'DELETE', path: conversationPath(id), idempotencyKey, signal });
    },
  };
}

function messagePath(id: string) {
  requireId(id, 'message id');
  return `v1/messages/${encodeURIComponent(id)}`;
}

function conversationPath(id: string) {
  requireId(id, 'conversation id');
  return `v1/conversations/${encodeURIComponent(id)}`;
}

function pageLimit(limit: number | undefined) {
  if (limit === undefined) return undefined;
  if (!Number.isInteger(limit) || limit < 1) {
    throw invalidInput('limit must be a whole number of at least 1.', 'limit');
  }
  return limit;
}

function cursor(startingAfter: string | undefined) {
  if (startingAfter !== undefined) requireId(startingAfter, 'starting_after');
  return startingAfter;
}

function idOf(raw: unknown): string | null {
  const id = (raw as { id?: unknown } | null)?.id;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : null;
}

const unreadable = (response: ApiResponse, message: string) =>
  new ApiError({ kind: 'server', status: response.status, message });
