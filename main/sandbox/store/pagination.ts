import type { SQLInputValue } from 'node:sqlite';

/** Where a page starts: the sort key of the cursor record, and which side of it. */
export interface PageRequest {
  limit: number;
  cursor: { createdAt: number; id: string; direction: 'older' | 'newer' } | null;
}

export interface Page<Row> {
  data: Row[];
  hasMore: boolean;
}

/**
 * SQL for one page of a newest-first list ordered by (created_at, id): the
 * condition, order and limit to append, plus their parameters. Fetches one row
 * more than asked to learn `has_more` without a count.
 */
export function pageSql(
  page: PageRequest,
  columns: { createdAt: string; id: string },
): { where: string; tail: string; params: SQLInputValue[] } {
  const key = `(${columns.createdAt}, ${columns.id})`;
  const newerFirst = `ORDER BY ${columns.createdAt} DESC, ${columns.id} DESC`;
  const olderFirst = `ORDER BY ${columns.createdAt} ASC, ${columns.id} ASC`;
  const { cursor } = page;
  if (cursor === null)
    return { where: '1', tail: `${newerFirst} LIMIT ?`, params: [page.limit + 1] };
  const older = cursor.direction === 'older';
  return {
    where: `${key} ${older ? '<' : '>'} (?, ?)`,
    tail: `${older ? newerFirst : olderFirst} LIMIT ?`,
    params: [cursor.createdAt, cursor.id, page.limit + 1],
  };
}

/** Trims the extra row and puts a `newer` page back into newest-first order. */
export function toPage<Row>(rows: Row[], page: PageRequest): Page<Row> {
  const data = rows.slice(0, page.limit);
  if (page.cursor?.direction === 'newer') data.reverse();
  return { data, hasMore: rows.length > page.limit };
}
