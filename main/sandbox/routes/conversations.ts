import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requestUser } from '../http/auth.ts';
import { ApiError, notFound } from '../http/errors.ts';
import { body, boolean, emptyToNull, integer, parseInput } from '../http/validation.ts';
import type { RouteContext } from './context.ts';
import { pageRequest, pagingQuery } from './list-query.ts';
import { conversationJson, deletedJson } from './wire.ts';

/** Unix seconds up to the year 9999: a millisecond value is refused, not taken for a far future. */
const unixSeconds = z
  .number()
  .int()
  .min(0)
  .max(253_402_300_799, 'must be Unix seconds (this looks like milliseconds)');

const listQuery = z.object({
  ...pagingQuery,
  muted: boolean.optional(),
  archived: boolean.optional(),
  pinned: boolean.optional(),
  group_id: z.string().min(1).optional(),
});
const idParams = z.object({ id: z.string() });
const createBody = body({
  contact_id: z.string().min(1).max(200).optional(),
  group_id: z.string().min(1).max(200).optional(),
});
const updateBody = body({
  pinned_message_id: z.preprocess(emptyToNull, z.string().max(200).nullable()).optional(),
  is_pinned: boolean.optional(),
  is_muted: boolean.optional(),
  archived_at: z.preprocess(emptyToNull, integer(unixSeconds.nullable())).optional(),
});

export function registerConversationRoutes(app: FastifyInstance, context: RouteContext): void {
  const { conversations, directory, messages } = context.workspace;

  const ownConversation = (userId: string, id: string) => {
    const row = conversations.get(userId, id);
    if (!row) throw notFound('conversation');
    return row;
  };

  app.get('/v1/conversations', async (request) => {
    const userId = requestUser(request);
    const query = parseInput(listQuery, request.query);
    const page = conversations.list(
      userId,
      {
        muted: query.muted,
        archived: query.archived,
        pinned: query.pinned,
        groupId: query.group_id,
      },
      pageRequest(query, (id) => conversations.get(userId, id)),
    );
    return { has_more: page.hasMore, data: page.data.map(conversationJson) };
  });

  app.post('/v1/conversations', async (request) => {
    const userId = requestUser(request);
    const input = parseInput(createBody, request.body);
    const now = context.now();
    if (input.contact_id !== undefined && input.group_id !== undefined) {
      throw new ApiError('unprocessable', 'Send contact_id or group_id, not both.', 'group_id');
    }
    if (input.group_id !== undefined) {
      if (!directory.isGroupMember(input.group_id, userId)) throw notFound('group', 'group_id');
      return conversationJson(conversations.openGroup(userId, input.group_id, now));
    }
    if (input.contact_id === undefined) {
      throw new ApiError(
        'invalid_request',
        'A contact_id or a group_id is required.',
        'contact_id',
      );
    }
    if (input.contact_id === userId) {
      throw new ApiError('unprocessable', 'A conversation needs another contact.', 'contact_id');
    }
    if (!directory.getContact(input.contact_id)) throw notFound('contact', 'contact_id');
    return conversationJson(conversations.openDirect(userId, input.contact_id, now));
  });

  app.get('/v1/conversations/:id', async (request) => {
    const { id } = parseInput(idParams, request.params);
    return conversationJson(ownConversation(requestUser(request), id));
  });

  app.put('/v1/conversations/:id', async (request) => {
    const userId = requestUser(request);
    const { id } = parseInput(idParams, request.params);
    const input = parseInput(updateBody, request.body);
    ownConversation(userId, id);
    const pinned = input.pinned_message_id;
    if (pinned && messages.get(userId, pinned)?.conversation_id !== id) {
      throw notFound('message in this conversation', 'pinned_message_id');
    }
    conversations.update(userId, id, input);
    return conversationJson(ownConversation(userId, id));
  });

  app.delete('/v1/conversations/:id', async (request) => {
    const userId = requestUser(request);
    const { id } = parseInput(idParams, request.params);
    ownConversation(userId, id);
    conversations.remove(userId, id);
    return deletedJson(id);
  });
}
