import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, parseEnvelope } from '../../../main/webhook-protocol/envelope.ts';

const event = {
  id: 'ntf_1',
  type: 'order.created',
  timestamp: '2026-01-05T10:00:00Z',
  payload: { id: 'ord-1', lines: [{ productEan: '4006381333931', quantity: 2 }] },
};
const parse = (text: string) => parseEnvelope(Buffer.from(text));

/** A payload whose innermost value sits `depth` levels below the top of the body. */
function nestedTo(depth: number): string {
  const inner = depth - 2; // the envelope object and the payload object
  return JSON.stringify({ ...event, payload: { deep: 'HERE' } }).replace(
    '"HERE"',
    '['.repeat(inner) + ']'.repeat(inner),
  );
}

describe('parseEnvelope', () => {
  it('keeps the payload as sent, unknown fields included', () => {
    const sent = { ...event, payload: { ...event.payload, extra: { note: 'ok' } } };
    expect(parse(JSON.stringify(sent))).toEqual({ ok: true, envelope: sent });
  });

  it(`accepts nesting up to ${MAX_JSON_DEPTH} levels and refuses deeper before parsing`, () => {
    expect(parse(nestedTo(MAX_JSON_DEPTH)).ok).toBe(true);
    expect(parse(nestedTo(MAX_JSON_DEPTH + 1))).toEqual({
      ok: false,
      reason: `the JSON nests deeper than ${MAX_JSON_DEPTH} levels`,
    });
    // Deep enough that serializing it again would overflow the stack.
    expect(parse(nestedTo(200_000)).ok).toBe(false);
  });

  it('does not count brackets inside strings, escaped quotes included', () => {
    const brackets = '[{'.repeat(MAX_JSON_DEPTH * 2);
    const sent = { ...event, payload: { note: `"${brackets}\\"${brackets}` } };
    expect(parse(JSON.stringify(sent))).toEqual({ ok: true, envelope: sent });
  });

  it('says what is wrong with a body that is not an envelope', () => {
    expect(parse('{"id":')).toEqual({ ok: false, reason: 'the body is not valid JSON' });
    const noPayload = parse(JSON.stringify({ ...event, payload: undefined }));
    expect(noPayload.ok).toBe(false);
    expect(!noPayload.ok && noPayload.reason).toMatch(/^not a notification envelope \(payload: /);
  });
});
