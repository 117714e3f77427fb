import { isDeepStrictEqual } from 'node:util';
import type { ActivityItem } from '../../../shared/model/activity.ts';

export type FieldChange = ActivityItem['changes'][number];

/** The product's own modification stamp differs on every update; listing it would bury what changed. */
const IGNORED_FIELDS = new Set(['updated']);

/**
 * The fields of a product payload that differ from the previous one for the
 * same EAN: values compared structurally, a field that appeared or vanished
 * counted with `undefined` on its missing side.
 */
export function productChanges(
  previous: Record<string, unknown>,
  next: Record<string, unknown>,
): FieldChange[] {
  const fields = new Set([...Object.keys(next), ...Object.keys(previous)]);
  const changes: FieldChange[] = [];
  for (const field of fields) {
    if (IGNORED_FIELDS.has(field)) continue;
    const from = Object.hasOwn(previous, field) ? previous[field] : undefined;
    const to = Object.hasOwn(next, field) ? next[field] : undefined;
    if (!isDeepStrictEqual(from, to)) changes.push({ field, from, to });
  }
  return changes;
}
