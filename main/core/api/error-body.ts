/**
 * The spec shows no error body, so the human message and the blamed field are
 * read from whichever of the common shapes the server uses:
 * `{error:{message,param}}`, `{error:"..."}`, `{message}`, `{errors:[{message,field}]}`,
 * `{detail}` (problem+json), a JSON string, or one short line of `text/plain`.
 *
 * The main process is no proxy for the renderer: what a server answered
 * reaches the user only as the message of one of these shapes, one line of
 * at most MAX_MESSAGE_LENGTH characters with control and bidi-override
 * characters removed. Anything else (an HTML page, a stack trace, a body of
 * another type, a long text) yields no message, and the user reads the app's
 * own words for the status.
 */
export interface ErrorDetail {
  message: string | null;
  field: string | null;
}

export const MAX_MESSAGE_LENGTH = 200;
const MAX_FIELD_LENGTH = 100;

export function readErrorDetail(bodyText: string, contentType: string | null = null): ErrorDetail {
  const text = bodyText.trim();
  if (text === '') return { message: null, field: null };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { message: isPlainText(contentType) ? oneLine(text) : null, field: null };
  }
  return fromJson(parsed);
}

function fromJson(body: unknown): ErrorDetail {
  if (typeof body === 'string') return { message: oneLine(body), field: null };
  if (!isObject(body)) return { message: null, field: null };

  if (isObject(body.error)) {
    const inner = fromJson(body.error);
    if (inner.message !== null) return inner;
  }
  if (Array.isArray(body.errors)) {
    const entries = body.errors
      .slice(0, 10)
      .map(fromJson)
      .filter((entry) => entry.message !== null);
    if (entries.length > 0) {
      return {
        message: clip(entries.map((entry) => entry.message).join('; ')),
        field: entries.find((entry) => entry.field !== null)?.field ?? null,
      };
    }
  }
  const message =
    firstString(body.message, body.detail, body.error_description, body.error, body.title) ?? null;
  const field = firstString(body.param, body.field, body.path, body.parameter) ?? null;
  return {
    message: message === null ? null : clip(message),
    field: field === null ? null : clip(field, MAX_FIELD_LENGTH),
  };
}

function isPlainText(contentType: string | null): boolean {
  return contentType?.split(';', 1)[0]?.trim().toLowerCase() === 'text/plain';
}

/** A bare text is a message only as one short line; a longer or multi-line text is a body, not a message. */
function oneLine(text: string): string | null {
  const line = text.trim();
  if (line === '' || line.length > MAX_MESSAGE_LENGTH || /[\r\n]/.test(line)) return null;
  // Markup (an HTML error page from a proxy, say) says nothing a user can act on.
  if (line.startsWith('<')) return null;
  const clean = printable(line);
  return clean === '' ? null : clean;
}

function firstString(...values: unknown[]): string | undefined {
  return values.find((value): value is string => typeof value === 'string' && value.trim() !== '');
}

/**
 * C0 and C1 controls, and the characters that reorder text around them
 * (U+061C, U+200E–U+200F, U+202A–U+202E, U+2066–U+2069): none has a place in
 * an error message, and the bidi ones could make it read otherwise than it is.
 */
const UNPRINTABLE = /[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]+/gu;

function printable(text: string): string {
  return text.replace(UNPRINTABLE, ' ').replace(/\s+/g, ' ').trim();
}

function clip(text: string, max = MAX_MESSAGE_LENGTH): string {
  const clean = printable(text);
  return clean.length > max ? `${clean.slice(0, max - 1)}…` : clean;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
