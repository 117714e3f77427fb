import { LIMITS } from '../../../shared/model/limits.ts';
import type { AttachmentInput } from '../../../shared/model/message.ts';
import { withScheme } from '../../../shared/model/typed-address.ts';
import { isHttpUrl } from '../../../shared/model/links.ts';

export interface AttachmentFields {
  name: string;
  url: string;
  mimeType: string;
  size: string;
}

export type FieldName = keyof AttachmentFields;

export const EMPTY_FIELDS: AttachmentFields = { name: '', url: '', mimeType: '', size: '' };

const MIME_TYPE = /^[\w.+-]+\/[\w.+-]+$/;

/** Media types by the link's file extension, for the kinds a message shows inline or names. */
const BY_EXTENSION: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  bmp: 'image/bmp',
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
  mp4: 'video/mp4',
  mp3: 'audio/mpeg',
  txt: 'text/plain',
  csv: 'text/csv',
  zip: 'application/zip',
};

/** The media type a link's path suggests ("…/cat.JPG?w=200" is image/jpeg), if any. */
export function typeFromUrl(url: string): string | undefined {
  const extension = /\.([a-z0-9]+)$/i.exec(new URL(url).pathname)?.[1]?.toLowerCase();
  return extension ? BY_EXTENSION[extension] : undefined;
}

/** The web link the user typed in the link field ("example.com/cat.png" too), or null while it is not one. */
export function typedLink(text: string): string | null {
  const url = withScheme(text);
  return isHttpUrl(url) ? url : null;
}

/** The name an attachment gets when the user gives none: the link's last path segment. */
export function nameFromUrl(url: string): string {
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
 * path segment, as a browser names a download; an empty type or size is
 * taken from what the link's server said (`probed`). Asynchronous because the
 * shared schema (and the schema library with it) loads with the first
 * attachment, not with the first paint.
 */
export async function readAttachment(
  fields: AttachmentFields,
  probed: { mimeType: string | null; size: number | null } = { mimeType: null, size: null },
): Promise<{ ok: true; value: AttachmentInput } | { ok: false; field: FieldName; error: string }> {
  const url = typedLink(fields.url);
  if (url === null) {
    return {
      ok: false,
      field: 'url',
      error: 'Enter a web link, such as example.com/photo.jpg or https://example.com/photo.jpg.',
    };
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
  const mimeType = fields.mimeType.trim() || probed.mimeType || typeFromUrl(url) || '';
  if (mimeType && !MIME_TYPE.test(mimeType)) {
    return {
      ok: false,
      field: 'mimeType',
      error: 'Write the type as a media type, such as image/png.',
    };
  }
  const size = fields.size.trim() || (probed.size === null ? '' : String(probed.size));
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
