import { describe, expect, it } from 'vitest';
import { kindForStatus } from '../../../main/core/api/api-error.ts';
import { readErrorDetail } from '../../../main/core/api/error-body.ts';
import { parseRetryAfter } from '../../../main/core/api/retry-after.ts';

describe('error bodies', () => {
  it.each([
    [
      'Stripe-like {error:{message,param}}',
      { error: { type: 'invalid_request', message: 'limit too big', param: 'limit' } },
      { message: 'limit too big', field: 'limit' },
    ],
    [
      '{error:"..."}',
      { error: 'conversation is gone' },
      { message: 'conversation is gone', field: null },
    ],
    [
      'Fastify {statusCode,error,message}',
      { statusCode: 400, error: 'Bad Request', message: 'body/message must be string' },
      { message: 'body/message must be string', field: null },
    ],
    [
      '{message}',
      { message: 'No message with id m9' },
      { message: 'No message with id m9', field: null },
    ],
    [
      '{errors:[...]}',
      { errors: [{ message: 'is required', field: 'message' }, { message: 'too long' }] },
      { message: 'is required; too long', field: 'message' },
    ],
    [
      'problem+json',
      { type: 'about:blank', title: 'Bad', detail: 'archived_at is not a time' },
      { message: 'archived_at is not a time', field: null },
    ],
    ['a bare JSON string', 'nope', { message: 'nope', field: null }],
    ['an unrelated JSON body', { ok: false }, { message: null, field: null }],
  ])('reads %s', (_label, body, expected) => {
    expect(readErrorDetail(JSON.stringify(body))).toEqual(expected);
  });

  it('reads one line of text/plain, and nothing from an empty body or an HTML page', () => {
    expect(readErrorDetail('Unauthorized: token expired\n', 'text/plain; charset=utf-8')).toEqual({
      message: 'Unauthorized: token expired',
      field: null,
    });
    expect(readErrorDetail('', 'text/plain')).toEqual({ message: null, field: null });
    expect(
      readErrorDetail('<!DOCTYPE html><h1>502 Bad Gateway</h1>', 'text/plain').message,
    ).toBeNull();
  });

  it('passes on no arbitrary body: another type, several lines, a long text', () => {
    const page = '<html><body>Welcome to nginx</body></html>';
    expect(readErrorDetail(page, 'text/html').message).toBeNull();
    expect(
      readErrorDetail('Error: boom\n    at handler (/srv/app.js:12:3)', 'text/plain').message,
    ).toBeNull();
    expect(readErrorDetail('internal detail', 'application/octet-stream').message).toBeNull();
    expect(readErrorDetail('x'.repeat(5000), 'text/plain').message).toBeNull();
  });

  it('cuts a long message of a recognised shape to 200 characters, on one line', () => {
    const long = readErrorDetail(JSON.stringify({ error: { message: 'x'.repeat(5000) } }));
    expect(long.message?.length).toBe(200);
    const spread = readErrorDetail(JSON.stringify({ message: 'line one\n\tline two\u0000' }));
    expect(spread.message).toBe('line one line two');
  });

  it('removes the characters that would make a message read otherwise than it is', () => {
    const spoof = readErrorDetail(JSON.stringify({ message: 'file rtl\u202Efdp.exe refused' }));
    expect(spoof.message).toBe('file rtl fdp.exe refused');
  });

  it('maps statuses to the kinds the core acts on', () => {
    const kinds = [401, 403, 404, 408, 400, 409, 413, 415, 422, 429, 500, 502, 503].map(
      kindForStatus,
    );
    expect(kinds).toEqual([
      'unauthorized',
      'unauthorized',
      'not-found',
      'timeout',
      'invalid-input',
      'invalid-input',
      'invalid-input',
      'invalid-input',
      'invalid-input',
      'rate-limited',
      'server',
      'server',
      'server',
    ]);
  });
});

describe('Retry-After', () => {
  const now = Date.parse('2026-03-01T12:00:00Z');

  it('reads delay-seconds', () => {
    expect(parseRetryAfter('7', now)).toBe(7000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
    expect(parseRetryAfter('1.5', now)).toBe(1500);
  });

  it('reads an HTTP date relative to now, a past one as now', () => {
    expect(parseRetryAfter('Sun, 01 Mar 2026 12:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Sun, 01 Mar 2026 11:00:00 GMT', now)).toBe(0);
  });

  it('ignores a missing or unreadable value', () => {
    expect(parseRetryAfter(null, now)).toBeNull();
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter('-5', now)).toBeNull();
    expect(parseRetryAfter('', now)).toBeNull();
  });
});
