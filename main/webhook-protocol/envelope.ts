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

export function parseEnvelope(body: Buffer): EnvelopeResult {
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
