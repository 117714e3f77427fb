import { createHmac, timingSafeEqual } from 'node:crypto';

const HEX_SHA256 = /^[0-9a-f]{64}$/i;

/**
 * Checks `x-webhook-signature`: hex HMAC-SHA256 of the body bytes exactly as
 * they arrived, keyed with the webhook secret. The header's shape is checked
 * first so timingSafeEqual always compares two 32-byte digests.
 */
export function isValidSignature(secret: string, body: Buffer, header: unknown): boolean {
  if (typeof header !== 'string' || !HEX_SHA256.test(header)) return false;
  const expected = createHmac('sha256', secret).update(body).digest();
  return timingSafeEqual(expected, Buffer.from(header, 'hex'));
}
