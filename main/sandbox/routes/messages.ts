import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requestUser } from '../http/auth.ts';
import { ApiError, notFound } from '../http/errors.ts';
import { body, parseInput } from '../http/validation.ts';
import type { MessageRow } from '../store/messages.ts';
import type { RouteContext } from './context.ts';
import { pageRequest, pagingQuery } from './list-query.ts';
import { attachmentsField, messageText, reactionsField } from './message-fields.ts';
import { deletedJson, messageJson } from './wire.ts';

const listQuery = z.object({ ...pagingQuery, conversation_id: z.string().min(1).optional() });
const idParams = z.object({ id: z.string() });
const createBody = body({
  conversation_id: z.string().min(1),
  message: messageText,
  attachments: attachmentsField.optional(),
});
const updateBody = body({
  message: messageText.optional(),
  reactions: reactionsField.optional(),
  attachments: attachmentsField.optional(),
});

export function registerMessageRoutes(app: FastifyInstance, context: RouteContext): void {
  const { conversations, messages } = context.workspace;

  /**
   * Fetching a message someone else sent reads it: read_at is set on every copy
   * the first time, and the answer already shows it.
   */
  const read = (rows: MessageRow[], readerId: string): MessageRow[] => {
    const unread = rows.filter((row) => row.read_at === null && row.sender_id !== readerId);
    if (unread.length === 0) return rows;
    const at = context.now();
    messages.markRead(
      unread.map((row) => row.id),
      readerId,
      at,
    );
    return rows.map((row) => (unread.includes(row) ? { ...row, read_at: at } : row));
  };

  const ownMessage = (userId: string, id: string) => {
    const row = messages.get(userId, id);
    if (!row) throw notFound('message');
    return row;
  };

  app.get('/v1/messages', async (request) => {
    const userId = requestUser(request);
    const query = parseInput(listQuery, request.query);
    const conversationId = query.conversation_id ?? null;
    if (conversationId !== null && !conversations.get(userId, conversationId)) {
      throw notFound('conversation', 'conversation_id');
    }
    const page = messages.list(
      userId,
      conversationId,
      pageRequest(query, (id) => messages.get(userId, id)),
    );
    // Only listing one conversation opens it; the all-conversations feed is for syncing.
    if (conversationId === null)
      return { has_more: page.hasMore, data: page.data.map((row) => messageJson(row, request)) };
    conversations.update(userId, conversationId, { last_opened_at: context.now() });
    return {
      has_more: page.hasMore,
      data: read(page.data, userId).map((row) => messageJson(row, request)),
    };
  });

  app.post('/v1/messages', async (request) => {
    const userId = requestUser(request);
    const input = parseInput(createBody, request.body);
    if (input.message.trim() === '' && (input.attachments ?? []).length === 0) {
      throw new ApiError('unprocessable', 'A message needs text or an attachment.', 'message');
    }
    if (!conversations.get(userId, input.conversation_id)) {
      throw notFound('conversation', 'conversation_id');
    }
    const sent = context.workspace.send({
      senderId: userId,
      conversationId: input.conversation_id,
      body: input.message,
      attachments: JSON.stringify(input.attachments ?? []),
      at: context.now(),
    });
    if (!sent) throw notFound('conversation', 'conversation_id');
    context.onMessageSent(sent);
    return messageJson(sent, request);
  });

  app.get('/v1/messages/:id', async (request) => {
    const userId = requestUser(request);
    const { id } = parseInput(idParams, request.params);
    const [row] = read([ownMessage(userId, id)], userId);
    return messageJson(row as MessageRow, request);
  });

  app.put('/v1/messages/:id', async (request) => {
    const userId = requestUser(request);
    const { id } = parseInput(idParams, request.params);
    const input = parseInput(updateBody, request.body);
    const row = ownMessage(userId, id);
    const senderOnly =
      input.message !== undefined
        ? 'message'
        : input.attachments !== undefined
          ? 'attachments'
          : null;
    if (senderOnly !== null && row.sender_id !== userId) {
      throw new ApiError('unprocessable', `Only the sender can change ${senderOnly}.`, senderOnly);
    }
    const changed =
      input.message !== undefined ||
      input.reactions !== undefined ||
      input.attachments !== undefined;
    if (changed) {
      messages.update(id, {
        body: input.message,
        reactions: input.reactions === undefined ? undefined : JSON.stringify(input.reactions),
        attachments:
          input.attachments === undefined ? undefined : JSON.stringify(input.attachments),
        updated_at: context.now(),
      });
    }
    return messageJson(ownMessage(userId, id), request);
  });

  app.delete('/v1/messages/:id', async (request) => {
    const userId = requestUser(request);
    const { id } = parseInput(idParams, request.params);
    const row = ownMessage(userId, id);
    context.workspace.database.transaction(() => {
      // The sender deletes for everyone; anyone else removes only their own copy.
      if (row.sender_id === userId) {
        messages.removeEverywhere(id);
        conversations.unpinMessage(id, null);
      } else {
        messages.removeCopy(userId, id);
        conversations.unpinMessage(id, userId);
      }
    });
    return deletedJson(id);
  });
}
