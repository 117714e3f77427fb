import { z } from 'zod';
import { integer } from '../http/validation.ts';

export const MAX_MESSAGE_LENGTH = 20_000;
const MAX_ATTACHMENTS = 20;
const MAX_REACTION_NAMES = 50;
const MAX_REACTORS = 100;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Reactions as a form sends them (`reactions[like][]=ann` → { like: ['ann'] }),
 * as JSON in the same map shape, or as the array of reaction objects the API
 * answers with. An empty form field or an empty array clears them all.
 */
export const reactionsField = z
  .preprocess(
    (value) => {
      if (value === '') return {};
      if (Array.isArray(value) && value.every(isPlainObject)) return Object.assign({}, ...value);
      return value;
    },
    z.record(
      z.string().min(1).max(64),
      z.union([z.string().min(1).max(200), z.array(z.string().min(1).max(200)).max(MAX_REACTORS)]),
    ),
  )
  .transform((map) => {
    const reactions: Record<string, string[]> = {};
    for (const [name, reactors] of Object.entries(map)) {
      const unique = [...new Set(Array.isArray(reactors) ? reactors : [reactors])];
      if (unique.length > 0) reactions[name] = unique;
    }
    return reactions;
  })
  .refine((reactions) => Object.keys(reactions).length <= MAX_REACTION_NAMES, {
    message: `at most ${MAX_REACTION_NAMES} reaction names`,
  });

/** URL-style attachments: { name, url, mime_type, size }; mime_type and size are optional. */
const attachment = z
  .object({
    name: z.string().min(1).max(200),
    url: z.url({ protocol: /^https?$/, error: 'must be an http or https URL' }).max(2_048),
    mime_type: z.string().min(1).max(200).optional(),
    size: integer(z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).nullable()).optional(),
  })
  .transform((value) => ({
    name: value.name,
    url: value.url,
    mime_type: value.mime_type ?? 'application/octet-stream',
    size: value.size ?? null,
  }));

export const attachmentsField = z.preprocess(
  (value) => (value === '' ? [] : value),
  z.array(attachment).max(MAX_ATTACHMENTS),
);

export const messageText = z.string().max(MAX_MESSAGE_LENGTH);
