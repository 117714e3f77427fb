import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from '../../../main/relay/cursor.ts';

describe('relay cursors', () => {
  it('round-trip, and refuse anything that is not exactly a cursor', () => {
    const cursor = encodeCursor('0123456789abcdef', 42);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor)).toEqual({ relayId: '0123456789abcdef', seq: 42 });
    for (const text of [
      '',
      'x',
      `${cursor}=`,
      `${cursor}A`,
      encodeCursor('0123456789ABCDEF', 1),
      encodeCursor('0123456789abcdef', -1),
      Buffer.from('0123456789abcdef:01').toString('base64url'),
      Buffer.from('0123456789abcdef:1:2').toString('base64url'),
    ]) {
      expect([text, decodeCursor(text)]).toEqual([text, null]);
    }
  });
});
