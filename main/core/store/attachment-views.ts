import type { AttachmentView } from '../../../shared/model/message.ts';
import { isRecord, parseJsonColumn } from './json-column.ts';

const IMAGE_EXTENSION = /\.(png|jpe?g|gif|webp|avif|bmp)$/i;

/**
 * The spec does not show the attachment object's fields, so this reads the
 * names servers commonly use and shows what it can. Anything it cannot make
 * sense of becomes an `unknown` attachment rather than an error.
 */
export function attachmentViews(column: string | null): AttachmentView[] {
  const parsed = parseJsonColumn(column);
  return Array.isArray(parsed) ? parsed.map(attachmentView) : [];
}

export function attachmentView(value: unknown): AttachmentView {
  const fields: Record<string, unknown> = isRecord(value)
    ? value
    : typeof value === 'string'
      ? { url: value }
      : {};
  const url = httpUrl(firstString(fields, ['url', 'href', 'src', 'download_url', 'file_url']));
  const mimeType = firstString(fields, ['mime_type', 'mimeType', 'content_type', 'type']);
  const name =
    firstString(fields, ['name', 'filename', 'file_name', 'title']) ??
    (url ? lastPathSegment(url) : null) ??
    'attachment';
  return {
    kind: url === null ? 'unknown' : isImage(mimeType, url) ? 'image' : 'file',
    name,
    url,
    mimeType: mimeType !== null && mimeType.includes('/') ? mimeType : null,
    size: byteSize(fields['size'] ?? fields['file_size'] ?? fields['bytes']),
  };
}

function firstString(fields: Record<string, unknown>, keys: string[]): string | null {
  for (const key of keys) {
    const value = fields[key];
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return null;
}

/** Only http(s) links are ever shown or opened: `javascript:` or `file:` URLs count as none. */
function httpUrl(value: string | null): string | null {
  if (value === null) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

function lastPathSegment(url: string): string | null {
  const segment = new URL(url).pathname.split('/').pop();
  if (!segment) return null;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function isImage(mimeType: string | null, url: string): boolean {
  if (mimeType !== null) return mimeType.toLowerCase().startsWith('image/');
  return IMAGE_EXTENSION.test(new URL(url).pathname);
}

function byteSize(value: unknown): number | null {
  const size = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof size === 'number' && Number.isFinite(size) && size >= 0 ? size : null;
}
