import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { CHANNEL_NAMES, channels } from '../../../shared/ipc/contract.ts';
import { CATALOGUE_EVENT_TYPES } from '../../../shared/model/settings.ts';
import { ZOD_WRAPPERS } from '../../support/strict-response.ts';

interface Node {
  def: {
    type: string;
    checks?: { _zod: { def: { check: string } } }[];
    innerType?: Node;
    element?: Node;
    shape?: Record<string, Node>;
    options?: Node[];
    items?: Node[];
    rest?: Node | null;
    keyType?: Node;
    valueType?: Node;
    in?: Node;
    out?: Node;
    catchall?: Node;
  };
}

const hasMaximum = (node: Node) =>
  (node.def.checks ?? []).some((check) => check._zod.def.check === 'max_length');

/**
 * Every place in a request schema where the renderer could send more than a
 * bounded amount: a string or array without a maximum, a record whose keys
 * are not a fixed set, an object that takes unknown keys, or a value of any
 * type at all.
 */
function unbounded(node: Node, path: string): string[] {
  const { def } = node;
  const inner = (child: Node | undefined | null, at = path) => (child ? unbounded(child, at) : []);
  if (ZOD_WRAPPERS.has(def.type)) return inner(def.innerType);
  switch (def.type) {
    case 'string':
      return hasMaximum(node) ? [] : [`${path}: string without a maximum length`];
    case 'array':
      return [
        ...(hasMaximum(node) ? [] : [`${path}: array without a maximum length`]),
        ...inner(def.element, `${path}[]`),
      ];
    case 'object':
      return [
        ...(def.catchall && def.catchall.def.type !== 'never'
          ? [`${path}: object that accepts unknown keys`]
          : []),
        ...Object.entries(def.shape ?? {}).flatMap(([key, child]) =>
          unbounded(child, `${path}.${key}`),
        ),
      ];
    case 'record':
      return [
        ...(def.keyType?.def.type === 'enum' ? [] : [`${path}: record with open-ended keys`]),
        ...inner(def.valueType, `${path}{}`),
      ];
    case 'pipe':
      return [...inner(def.in), ...inner(def.out)];
    case 'union':
      return (def.options ?? []).flatMap((option) => unbounded(option, path));
    case 'tuple':
      return [
        ...(def.items ?? []).flatMap((item, index) => unbounded(item, `${path}[${index}]`)),
        ...inner(def.rest, `${path}[...]`),
      ];
    case 'enum':
    case 'literal':
    case 'boolean':
    case 'number':
    case 'null':
    case 'never':
    case 'transform':
      return [];
    default:
      return [`${path}: ${def.type} (anything at all)`];
  }
}

describe('the IPC contract bounds what the renderer can send', () => {
  it('gives every string and array of every request a maximum, and takes no open-ended value', () => {
    const found = CHANNEL_NAMES.flatMap((channel) =>
      unbounded(channels[channel].request as unknown as Node, channel),
    );
    expect(found).toEqual([]);
  });

  it('takes each catalogue event type at most once, so a list is never longer than the nine', () => {
    const nine = [...CATALOGUE_EVENT_TYPES];
    const repeated = [...nine, 'order.created'];
    const register = (events: string[]) =>
      channels['webhooks:register'].request.safeParse({
        catalogueUrl: 'https://catalogue.example.org',
        notificationUrl: 'https://hooks.example.org/parley',
        events,
      }).success;
    const patch = (events: string[]) =>
      channels['settings:update'].request.safeParse({ webhooks: { events } }).success;

    expect([register(nine), patch(nine)]).toEqual([true, true]);
    expect([register(repeated), patch(repeated)]).toEqual([false, false]);
    expect(patch(Array.from({ length: 1_000_000 }, () => 'order.created'))).toBe(false);
  });

  it('checks the walk itself: it finds an unbounded string, array and record', () => {
    const probe = (schema: z.ZodType) => unbounded(schema as unknown as Node, 'probe');
    return import('zod').then(({ z }) => {
      expect(probe(z.object({ a: z.string() }).strict())).toEqual([
        'probe.a: string without a maximum length',
      ]);
      expect(probe(z.array(z.string().max(1)))).toEqual(['probe: array without a maximum length']);
      expect(probe(z.record(z.string().max(1), z.boolean()))).toEqual([
        'probe: record with open-ended keys',
      ]);
      expect(probe(z.object({}).strict())).toEqual([]);
    });
  });
});
