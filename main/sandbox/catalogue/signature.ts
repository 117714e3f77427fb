import { createHmac } from 'node:crypto';

/** The `x-webhook-signature` value: lowercase hex HMAC-SHA256 of the exact body bytes. */
export function signBody(secret: string, body: Uint8Array): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}
