import type { ReactionView } from '../../../shared/model/message.ts';
import { isRecord, parseJsonColumn } from './json-column.ts';

/**
 * Reactions are stored as the map `{ name: [reactor, ...] }`; a list of such
 * maps (the spec calls the field an array) is merged. Reactors that are not
 * strings are dropped, and `mine` marks the reactions of the signed-in user.
 */
export function reactionViews(column: string | null, selfName: string | null): ReactionView[] {
  const parsed = parseJsonColumn(column);
  const maps = Array.isArray(parsed) ? parsed.filter(isRecord) : isRecord(parsed) ? [parsed] : [];
  const byName = new Map<string, Set<string>>();
  for (const map of maps) {
    for (const [name, reactors] of Object.entries(map)) {
      if (!Array.isArray(reactors)) continue;
      const names = byName.get(name) ?? new Set<string>();
      for (const reactor of reactors) if (typeof reactor === 'string') names.add(reactor);
      if (names.size > 0) byName.set(name, names);
    }
  }
  return [...byName].map(([name, reactors]) => ({
    name,
    reactors: [...reactors],
    mine: selfName !== null && reactors.has(selfName),
  }));
}
