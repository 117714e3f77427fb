import qs from 'qs';
import { invalidInput } from './api-error.ts';
import type {
  ConversationUpdate,
  MessageUpdate,
  Reactions,
  ServerTraits,
} from './messaging-api.ts';
import { toServerTime } from './server-traits.ts';

/**
 * Request bodies in the spec's form notation: `reactions[<name>][]=<reactor>`,
 * `attachments[0][<key>]=<value>`. An empty value clears a field
 * (`reactions=`, `archived_at=`, `pinned_message_id=`).
 */
type FormValue = string | number | boolean | FormObject | FormValue[];
interface FormObject {
  [key: string]: FormValue;
}

function encodeForm(fields: Record<string, FormValue | undefined>): string {
  // Brackets mark arrays of scalars (`[]`); arrays of objects become index-keyed objects first.
  return qs.stringify(fields, { arrayFormat: 'brackets', format: 'RFC1738', skipNulls: true });
}

export function newMessageForm(input: {
  conversationId: string;
  message: string;
  attachments?: unknown[];
}): string {
  requireId(input.conversationId, 'conversation_id');
  if (typeof input.message !== 'string') throw invalidInput('The message must be text.', 'message');
  return encodeForm({
    conversation_id: input.conversationId,
    message: input.message,
    attachments: input.attachments && indexed(attachmentFields(input.attachments)),
  });
}

export function messageUpdateForm(update: MessageUpdate): string {
  const fields: Record<string, FormValue | undefined> = {
    message: update.message,
    reactions: update.reactions && reactionFields(update.reactions),
    attachments: update.attachments && indexed(attachmentFields(update.attachments)),
  };
  return nonEmpty(fields);
}

export function conversationUpdateForm(update: ConversationUpdate, traits: ServerTraits): string {
  const fields: Record<string, FormValue | undefined> = {
    pinned_message_id: update.pinnedMessageId === null ? '' : update.pinnedMessageId,
    is_pinned: update.isPinned,
    is_muted: update.isMuted,
    archived_at: archivedAt(update.archivedAt, traits),
  };
  return nonEmpty(fields);
}

export function newConversationForm(input: { contactId: string } | { groupId: string }): string {
  if ('contactId' in input) {
    requireId(input.contactId, 'contact_id');
    return encodeForm({ contact_id: input.contactId });
  }
  if ('groupId' in input) {
    requireId(input.groupId, 'group_id');
    return encodeForm({ group_id: input.groupId });
  }
  throw invalidInput('A conversation needs a contact id or a group id.', 'contact_id');
}

export function requireId(value: unknown, field: string): asserts value is string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw invalidInput(`${field} must be a non-empty identifier.`, field);
  }
}

function archivedAt(value: number | null | undefined, traits: ServerTraits) {
  if (value === undefined) return undefined;
  if (value === null) return '';
  if (!Number.isFinite(value) || value < 0) {
    throw invalidInput('archived_at must be a time (epoch milliseconds).', 'archived_at');
  }
  return toServerTime(value, traits);
}

function reactionFields(reactions: Reactions): FormValue {
  const names = Object.entries(reactions).filter(([, reactors]) => reactors.length > 0);
  // No reaction left: the field is sent empty, which says "none" rather than "unchanged".
  if (names.length === 0) return '';
  for (const [name, reactors] of names) {
    requireFormKey(name, 'reactions');
    if (!reactors.every((who) => typeof who === 'string' && who !== '')) {
      throw invalidInput(`Reactors of "${name}" must be non-empty names.`, 'reactions');
    }
  }
  return Object.fromEntries(names);
}

function attachmentFields(attachments: unknown[]): FormObject[] {
  if (!Array.isArray(attachments)) throw invalidInput('attachments must be a list.', 'attachments');
  return attachments.map((attachment) => {
    if (typeof attachment !== 'object' || attachment === null || Array.isArray(attachment)) {
      throw invalidInput('Each attachment must be an object of fields.', 'attachments');
    }
    for (const key of Object.keys(attachment)) requireFormKey(key, 'attachments');
    return attachment as FormObject;
  });
}

const indexed = (items: FormObject[]): FormObject =>
  Object.fromEntries(items.map((item, index) => [String(index), item]));

/** Brackets in a key would be read back as nesting by the server's form parser. */
function requireFormKey(key: string, field: string) {
  if (key === '' || /[[\]]/.test(key)) {
    throw invalidInput(
      `"${key}" cannot be sent as a ${field} name (empty or with brackets).`,
      field,
    );
  }
}

function nonEmpty(fields: Record<string, FormValue | undefined>): string {
  if (Object.values(fields).every((value) => value === undefined)) {
    throw invalidInput('The update changes nothing.');
  }
  return encodeForm(fields);
}
