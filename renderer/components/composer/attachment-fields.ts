import { LIMITS } from '../../../shared/model/limits.ts';
import type { AttachmentInput } from '../../../shared/model/message.ts';
import { isHttpUrl } from '../../lib/links.ts';

export interface AttachmentFields {
  name: string;
  url: string;
  mimeType: string;
  size: string;
}

export type FieldName = keyof AttachmentFields;

export const EMPTY_FIELDS: AttachmentFields = { name: '', url: '', mimeType: '', size: '' };

const MIME_TYPE = /^[\w.+-]+\/[\w.+-]+$/;

function nameFromUrl(url: string): string {
  const segment = new URL(url).pathname.split('/').filter(Boolean).pop() ?? '';
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * What the user typed, as the attachment the API takes, or the first problem in
 * words with the field it is in. A missing name is taken from the URL's last
 * path segment, as a browser names a download. Asynchronous because the
 * shared schema (and the schema library with it) loads with the first
 * attachment, not with the first paint.
 */
export async function readAttachment(
  fields: AttachmentFields,
): Promise<{ ok: true; value: AttachmentInput } | { ok: false; field: FieldName; error: string }> {
  const url = fields.url.trim();
  if (!isHttpUrl(url)) {
    return { ok: false, field: 'url', error: 'Enter a link that starts with https:// or http://.' };
  }
  const name = fields.name.trim() || nameFromUrl(url);
  if (!name) return { ok: false, field: 'name', error: 'Give the attachment a name.' };
  if (name.length > LIMITS.nameLength) {
    return {
      ok: false,
      field: 'name',
      error: `Keep the name under ${LIMITS.nameLength} characters.`,
    };
  }
  const mimeType = fields.mimeType.trim();
  if (mimeType && !MIME_TYPE.test(mimeType)) {
    return {
      ok: false,
      field: 'mimeType',
      error: 'Write the type as a media type, such as image/png.',
    };
  }
  const size = fields.size.trim();
  if (size && !/^\d{1,15}$/.test(size)) {
    return { ok: false, field: 'size', error: 'The size is a whole number of bytes.' };
  }
  const { attachmentInput } = await import('../../../shared/model/message.ts');
  const parsed = attachmentInput.safeParse({
    name,
    url,
    ...(mimeType && { mime_type: mimeType }),
    ...(size && { size: Number(size) }),
  });
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, field: 'url', error: 'That link cannot be attached; check it and try again.' };
}
