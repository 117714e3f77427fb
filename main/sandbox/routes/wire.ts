import type { FastifyRequest } from 'fastify';
import { absoluteUrl } from '../assets/asset-routes.ts';
import type { MembershipRow } from '../store/conversations.ts';
import type { MessageRow } from '../store/messages.ts';

/** What the API answers: the spec's field names and types, timestamps in Unix seconds. */

export function conversationJson(row: MembershipRow) {
  return {
    id: row.conversation_id,
    contact_id: row.contact_id,
    group_id: row.group_id,
    pinned_message_id: row.pinned_message_id,
    is_pinned: row.is_pinned === 1,
    is_muted: row.is_muted === 1,
    last_active_at: row.last_active_at,
    last_opened_at: row.last_opened_at,
    created_at: row.created_at,
    archived_at: row.archived_at,
  };
}

/** One reaction object per reaction name, in the order the names were first used. */
const reactionObjects = (stored: string) =>
  Object.entries(JSON.parse(stored) as Record<string, string[]>).map(([name, reactors]) => ({
    [name]: reactors,
  }));

/** The stored attachments, with the sandbox's own pictures at an address the client can load. */
const attachmentObjects = (stored: string, request: FastifyRequest) =>
  (JSON.parse(stored) as Record<string, unknown>[]).map((attachment) =>
    typeof attachment.url === 'string'
      ? { ...attachment, url: absoluteUrl(attachment.url, request) }
      : attachment,
  );

/** `request` is the one being answered: the sandbox's own images are addressed as it reached us. */
export function messageJson(row: MessageRow, request: FastifyRequest) {
  return {
    id: row.id,
    conversation_id: row.conversation_id,
    contact: {
      id: row.sender_id,
      username: row.sender_username,
      phone_number: row.sender_phone_number,
      avatar_url: absoluteUrl(row.sender_avatar_url, request),
      last_active_at: row.sender_last_active_at,
      created_at: row.sender_created_at,
    },
    message: row.body,
    reactions: reactionObjects(row.reactions),
    attachments: attachmentObjects(row.attachments, request),
    read_at: row.read_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export const deletedJson = (id: string) => ({ id, deleted: true });
