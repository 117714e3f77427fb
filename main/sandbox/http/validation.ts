import { z } from 'zod';
import { ApiError } from './errors.ts';

// A wrong type or structure is bad input (400); a value of the right type that
// is out of range, malformed or not allowed is unprocessable (422).
const SHAPE_ISSUES = new Set(['invalid_type', 'invalid_union', 'unrecognized_keys']);

/** The form-style name of a field: attachments[0][url]. */
const paramName = (path: readonly PropertyKey[]) =>
  path.map((key, index) => (index === 0 ? String(key) : `[${String(key)}]`)).join('') || null;

/** Parses input with a zod schema; a failure becomes a 400 or 422 naming the field. */
export function parseInput<Schema extends z.ZodType>(
  schema: Schema,
  input: unknown,
): z.output<Schema> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const param = issue ? paramName(issue.path) : null;
  const type = issue && !SHAPE_ISSUES.has(issue.code) ? 'unprocessable' : 'invalid_request';
  const message = issue ? `${param ? `${param}: ` : ''}${issue.message}` : 'Invalid input.';
  throw new ApiError(type, message, param);
}

/** Form fields arrive as strings; JSON as numbers. Both parse, anything else stays a type error. */
export const integer = <Schema extends z.ZodType>(schema: Schema) =>
  z.preprocess(
    (value) => (typeof value === 'string' && /^-?\d{1,15}$/.test(value) ? Number(value) : value),
    schema,
  );

export const boolean = z.preprocess(
  (value) => (value === 'true' ? true : value === 'false' ? false : value),
  z.boolean({ error: 'must be true or false' }),
);

/** An empty form field or JSON null: the way to clear a nullable field. */
export const emptyToNull = (value: unknown) => (value === '' ? null : value);

/** A body must be an object (a form or a JSON object), not a JSON array or scalar. */
export const body = <Shape extends z.ZodRawShape>(shape: Shape) =>
  z.object(shape, { error: 'the body must be a form or a JSON object' });
