/**
 * The spec shows no error body, so the human message and the blamed field are
 * read from whichever of the common shapes the server uses:
 * `{error:{message,param}}`, `{error:"..."}`, `{message}`, `{errors:[{message,field}]}`,
 * `{detail}` (problem+json), plain text, or nothing at all.
 */
export interface ErrorDetail {
  message: string | null;
  field: string | null;
}

/** Long enough for any real explanation; a page of HTML or a stack trace is cut. */
const MAX_MESSAGE_LENGTH = 300;

export function readErrorDetail(bodyText: string): ErrorDetail {
  const text = bodyText.trim();
  if (text === '') return { message: null, field: null };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { message: plainText(text), field: null };
  }
  return fromJson(parsed);
}

function fromJson(body: unknown): ErrorDetail {
  if (typeof body === 'string') return { message: clip(body), field: null };
  if (!isObject(body)) return { message: null, field: null };

  if (isObject(body.error)) {
    const inner = fromJson(body.error);
    if (inner.message !== null) return inner;
  }
  if (Array.isArray(body.errors)) {
    const entries = body.errors.map(fromJson).filter((entry) => entry.message !== null);
    if (entries.length > 0) {
      return {
        message: clip(entries.map((entry) => entry.message).join('; ')),
        field: entries.find((entry) => entry.field !== null)?.field ?? null,
      };
    }
  }
  const message =
    firstString(body.message, body.detail, body.error_description, body.error, body.title) ?? null;
  return {
    message: message === null ? null : clip(message),
    field: firstString(body.param, body.field, body.path, body.parameter) ?? null,
  };
}

function plainText(text: string): string | null {
  // An HTML error page (a proxy's 502, say) says nothing a user can act on.
  if (/^<(!doctype|html|\?xml)/i.test(text)) return null;
  return clip(text);
}

function firstString(...values: unknown[]): string | undefined {
  return values.find((value): value is string => typeof value === 'string' && value.trim() !== '');
}

const clip = (text: string) =>
  text.length > MAX_MESSAGE_LENGTH ? `${text.slice(0, MAX_MESSAGE_LENGTH - 1)}…` : text;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
