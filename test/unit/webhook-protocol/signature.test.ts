import { sign } from '@octokit/webhooks-methods';
import { describe, expect, it } from 'vitest';
import { isValidSignature } from '../../../main/webhook-protocol/signature.ts';

const secret = 'unit-secret';
const body = Buffer.from('{"id":"1","type":"order.created"}');
/** octokit signs as `sha256=<hex>`; the catalogue service sends the bare hex. */
const hexSignature = async (payload: string, key = secret) =>
  (await sign(key, payload)).replace(/^sha256=/, '');

describe('isValidSignature', () => {
  it('accepts the hex HMAC-SHA256 of the exact bytes, in either letter case', async () => {
    const signature = await hexSignature(body.toString());
    expect(isValidSignature(secret, body, signature)).toBe(true);
    expect(isValidSignature(secret, body, signature.toUpperCase())).toBe(true);
  });

  it('refuses another key, another body, and anything that is not 64 hex digits', async () => {
    const signature = await hexSignature(body.toString());
    expect(isValidSignature(secret, body, await hexSignature(body.toString(), 'other'))).toBe(
      false,
    );
    expect(isValidSignature(secret, Buffer.concat([body, Buffer.from(' ')]), signature)).toBe(
      false,
    );
    for (const header of [
      undefined,
      '',
      signature.slice(2),
      `${signature}00`,
      `sha256=${signature}`,
      ['a'],
    ]) {
      expect(isValidSignature(secret, body, header)).toBe(false);
    }
  });
});
