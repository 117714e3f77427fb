import { z } from 'zod';
import { LIMITS } from '../../shared/model/limits.ts';

/**
 * The notification envelope of every delivery. The payload stays as sent
 * (unknown event types and fields included); only the envelope is checked.
 * The timestamp is kept as text: a format the spec does not foresee must not
 * make the service's deliveries fail forever.
 */
export const envelope = z.object({
  id: z.string().trim().min(1).max(LIMITS.idLength),
  type: z.string().trim().min(1).max(LIMITS.nameLength),
  timestamp: z.string().trim().min(1).max(LIMITS.nameLength),
  payload: z.record(z.string(), z.unknown()),
});
export type Envelope = z.infer<typeof envelope>;

export type EnvelopeResult = { ok: true; envelope: Envelope } | { ok: false; reason: string };

/**
 * How deeply objects and arrays may nest in a delivery. V8 parses any depth,
 * but JSON.stringify recurses and overflows the stack a few thousand levels
 * down, so a deeper body would parse, be stored, and then fail every time it
 * is serialized again. Real payloads nest a handful of levels.
 */
export const MAX_JSON_DEPTH = 64;

export function parseEnvelope(body: Buffer): EnvelopeResult {
  if (nestsDeeperThan(body, MAX_JSON_DEPTH)) {
    return { ok: false, reason: `the JSON nests deeper than ${MAX_JSON_DEPTH} levels` };
  }
  let json: unknown;
  try {
    json = JSON.parse(body.toString('utf8'));
  } catch {
    return { ok: false, reason: 'the body is not valid JSON' };
  }
  const parsed = envelope.safeParse(json);
  if (parsed.success) return { ok: true, envelope: parsed.data };
  const issue = parsed.error.issues[0];
  const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  return {
    ok: false,
    reason: `not a notification envelope (${where}${issue?.message ?? 'invalid'})`,
  };
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

/**
 * Whether `[` and `{` outside strings nest deeper than `limit`, read from the
 * bytes before anything is parsed, so a hostile body never becomes a deep
 * object. UTF-8 continuation bytes never equal these ASCII codes. Malformed
 * input gets some answer; JSON.parse rejects it afterwards.
 */
function nestsDeeperThan(bytes: Buffer, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let at = 0; at < bytes.length; at += 1) {
    const byte = bytes[at] as number;
    if (inString) {
      if (byte === BACKSLASH) at += 1;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) {
      inString = true;
    } else if (byte === OPEN_ARRAY || byte === OPEN_OBJECT) {
      depth += 1;
      if (depth > limit) return true;
    } else if (byte === CLOSE_ARRAY || byte === CLOSE_OBJECT) {
      depth -= 1;
    }
  }
  return false;
}
