import { z } from 'zod';
import { ApiError } from '../http/errors.ts';
import { integer } from '../http/validation.ts';
import type { PageRequest } from '../store/pagination.ts';

const MAX_PAGE_SIZE = 100;
const DEFAULT_PAGE_SIZE = 10;

/** The paging fields every list takes: limit 1..100 (default 10) and one cursor. */
export const pagingQuery = {
  limit: integer(z.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE)),
  starting_after: z.string().min(1).max(200).optional(),
  ending_before: z.string().min(1).max(200).optional(),
};

/**
 * Resolves the cursor id to the sort key of a record the user can see
 * (`find`); an unknown cursor is a 404 naming the parameter.
 */
export function pageRequest(
  query: { limit: number; starting_after?: string; ending_before?: string },
  find: (id: string) => { created_at: number } | null,
): PageRequest {
  if (query.starting_after !== undefined && query.ending_before !== undefined) {
    throw new ApiError(
      'invalid_request',
      'Send starting_after or ending_before, not both.',
      'ending_before',
    );
  }
  const param = query.starting_after !== undefined ? 'starting_after' : 'ending_before';
  const id = query.starting_after ?? query.ending_before;
  if (id === undefined) return { limit: query.limit, cursor: null };
  const record = find(id);
  if (!record) throw new ApiError('not_found', `No such record for ${param}: ${id}.`, param);
  return {
    limit: query.limit,
    cursor: {
      createdAt: record.created_at,
      id,
      direction: param === 'starting_after' ? 'older' : 'newer',
    },
  };
}
