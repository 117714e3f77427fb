import type { z } from 'zod';

interface Node {
  def: {
    type: string;
    innerType?: Node;
    element?: Node;
    shape?: Record<string, Node>;
    options?: Node[];
    items?: Node[];
    valueType?: Node;
    in?: Node;
  };
  safeParse(value: unknown): { success: boolean };
}

/** zod's wrapper types: what they check is their `innerType`. */
export const ZOD_WRAPPERS = new Set([
  'optional',
  'nullable',
  'default',
  'prefault',
  'readonly',
  'nonoptional',
]);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The paths in `value` that its schema does not declare. zod objects strip
 * unknown keys when parsing, so parsing alone would let an answer carry a
 * field nobody declared (a token, say) to the renderer unnoticed; this walk
 * finds every one. A record or `unknown` in the schema declares whatever it holds.
 */
export function undeclaredPaths(schema: z.ZodType, value: unknown, path = '$'): string[] {
  const node = schema as unknown as Node;
  const { def } = node;
  const walk = (child: Node | undefined, inner: unknown, at: string) =>
    child ? undeclaredPaths(child as unknown as z.ZodType, inner, at) : [];
  if (ZOD_WRAPPERS.has(def.type)) {
    return value === null || value === undefined ? [] : walk(def.innerType, value, path);
  }
  switch (def.type) {
    case 'object': {
      if (!isRecord(value)) return [];
      const shape = def.shape ?? {};
      return Object.entries(value).flatMap(([key, inner]) =>
        Object.hasOwn(shape, key) ? walk(shape[key], inner, `${path}.${key}`) : [`${path}.${key}`],
      );
    }
    case 'array':
      return Array.isArray(value)
        ? value.flatMap((inner, index) => walk(def.element, inner, `${path}[${index}]`))
        : [];
    case 'tuple':
      return Array.isArray(value)
        ? value.flatMap((inner, index) => walk(def.items?.[index], inner, `${path}[${index}]`))
        : [];
    case 'record':
      return isRecord(value)
        ? Object.entries(value).flatMap(([key, inner]) =>
            walk(def.valueType, inner, `${path}.${key}`),
          )
        : [];
    case 'pipe':
      return walk(def.in, value, path);
    case 'union': {
      const option = def.options?.find((candidate) => candidate.safeParse(value).success);
      return walk(option, value, path);
    }
    default:
      return [];
  }
}

/** Problems with an answer: what its schema refuses, and what it does not declare. */
export function responseProblems(schema: z.ZodType, value: unknown): string[] {
  const parsed = schema.safeParse(value);
  const refused = parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  return [...refused, ...undeclaredPaths(schema, value).map((path) => `undeclared ${path}`)];
}
