import { call } from '../ipc/parley.ts';

/** A page of full-text hits over every message, newest first. */
export function searchMessages(query: string, offset: number, limit: number) {
  return call('messages:search', { query, offset, limit });
}
