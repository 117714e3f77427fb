import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { CHANNEL_NAMES, channels, type Channel } from '../../../shared/ipc/contract.ts';
import {
  dumpDatabase,
  seedContact,
  seedConversation,
  seedMessages,
  seedOutbox,
  setSelf,
} from '../../support/store-fixtures.ts';
import { startCore } from '../core-harness.ts';

const HUGE = 'x'.repeat(1_000_000);

type Schema = z.ZodType & {
  def: { type: string; innerType?: Schema };
  shape?: Record<string, Schema>;
};

/** Looks through optional, default, nullable and readonly wrappers to the type that is checked. */
function checked(schema: Schema): Schema {
  const inner = schema.def.innerType;
  return inner &&
    ['optional', 'default', 'nullable', 'readonly', 'prefault'].includes(schema.def.type)
    ? checked(inner)
    : schema;
}

/** A JSON value of another type than the schema accepts. */
function wrongTypeFor(schema: Schema): unknown {
  switch (checked(schema).def.type) {
    case 'string':
      return 12_345;
    case 'number':
      return '12345';
    case 'boolean':
      return 'true';
    case 'array':
      return { 0: 'a' };
    case 'enum':
      return 'not-one-of-them';
    default:
      return 'not-an-object';
  }
}

interface Case {
  name: string;
  request: unknown;
}

/** Every field with a value of the wrong type, every required field missing, every string huge. */
function fieldCases(
  shape: Record<string, Schema>,
  wrap: (value: object) => object,
  prefix = '',
): Case[] {
  const cases: Case[] = [];
  for (const [key, field] of Object.entries(shape)) {
    const path = `${prefix}${key}`;
    cases.push({ name: `${path}: wrong type`, request: wrap({ [key]: wrongTypeFor(field) }) });
    if (checked(field).def.type === 'string') {
      cases.push({ name: `${path}: huge string`, request: wrap({ [key]: HUGE }) });
    }
    const nested = checked(field).shape;
    if (nested) {
      cases.push(...fieldCases(nested, (value) => wrap({ [key]: value }), `${path}.`));
    }
  }
  return cases;
}

function casesFor(channel: Channel): Case[] {
  const schema = channels[channel].request as unknown as Schema;
  const shape = checked(schema).shape ?? {};
  const cases: Case[] = [
    { name: 'a number', request: 42 },
    { name: 'a string', request: 'hello' },
    { name: 'a boolean', request: true },
    { name: 'an array', request: [] },
    { name: 'an array of objects', request: [{}] },
    { name: 'an extra key', request: { unexpected: 1 } },
    { name: '__proto__ key', request: JSON.parse('{"__proto__":{"polluted":1}}') },
    { name: 'constructor.prototype key', request: { constructor: { prototype: { polluted: 1 } } } },
    ...fieldCases(shape, (value) => value),
  ];
  for (const [key, field] of Object.entries(shape)) {
    if (!field.safeParse(undefined).success) {
      cases.push({ name: `${key}: missing`, request: {} });
    }
  }
  if (!schema.safeParse({}).success) cases.push({ name: 'null', request: null });
  return cases;
}

function fingerprint(dataDir: string): Record<string, string> {
  return Object.fromEntries(
    ['parley.db', 'parley.db-wal', 'settings.json']
      .map((file) => join(dataDir, file))
      .filter((file) => existsSync(file))
      .map((file) => [file, createHash('sha256').update(readFileSync(file)).digest('hex')]),
  );
}

let harness: ReturnType<typeof startCore>;
let before: { dump: string; files: Record<string, string>; prototypeKeys: string[] };

beforeAll(async () => {
  harness = startCore();
  const { db } = harness.core;
  setSelf(db, 'ct_me', 'me');
  seedContact(db, { id: 'ct_ann', username: 'ann' });
  seedConversation(db, { id: 'c_ann', contactId: 'ct_ann' });
  seedMessages(db, [
    {
      id: 'm1',
      conversationId: 'c_ann',
      senderId: 'ct_ann',
      text: 'hello there',
      createdAt: 2_000,
    },
  ]);
  seedOutbox(db, { kind: 'send', conversationId: 'c_ann', targetId: 'm1', state: 'failed' });
  await harness.core.router.handle('drafts:set', { conversationId: 'c_ann', text: 'draft' });
  before = {
    dump: dumpDatabase(db),
    files: fingerprint(harness.dataDir),
    prototypeKeys: Object.getOwnPropertyNames(Object.prototype),
  };
});
afterAll(() => harness.close());

describe('every channel refuses malformed input', () => {
  it.each(CHANNEL_NAMES)('%s', async (channel) => {
    const cases = casesFor(channel);
    expect(cases.length).toBeGreaterThanOrEqual(8);
    for (const { name, request } of cases) {
      const answer = await harness.core.router.handle(channel, request);
      expect(answer, `${channel} with ${name}`).toMatchObject({
        ok: false,
        error: { code: 'invalid-request', message: expect.any(String) },
      });
      if (answer.ok) continue;
      expect(answer.error.message.length, name).toBeGreaterThan(3);
      expect(answer.error.message.length, `${name}: the message stays short`).toBeLessThan(300);
    }
  });

  it('keeps the message short when an unknown key is huge', async () => {
    const answer = await harness.core.router.handle('conversations:counts', { [HUGE]: 1 });
    expect(answer).toMatchObject({ ok: false, error: { code: 'invalid-request' } });
    expect(answer.ok ? '' : answer.error.message.length).toBeLessThan(300);
  });

  it('leaves the database, the files and Object.prototype exactly as they were', () => {
    expect(dumpDatabase(harness.core.db)).toBe(before.dump);
    expect(fingerprint(harness.dataDir)).toEqual(before.files);
    expect(Object.getOwnPropertyNames(Object.prototype)).toEqual(before.prototypeKeys);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses an unknown channel with its own code', async () => {
    expect(await harness.core.router.handle('__proto__', {})).toMatchObject({
      ok: false,
      error: { code: 'unknown-channel' },
    });
  });
});
