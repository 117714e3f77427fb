import { describe, expect, it } from 'vitest';
import { createMessagingClient } from '../../../main/core/api/messaging-client.ts';
import { listAll } from '../../../main/core/api/paginate.ts';
import type { Scripted } from './scripted-server.ts';
import { recordingLog, scriptedServersPerTest } from './scripted-server.ts';

const startServer = scriptedServersPerTest();

async function clientFor(...script: Scripted[]) {
  const server = await startServer(...script);
  const client = createMessagingClient({
    baseUrl: server.url,
    getToken: async () => 'tok',
    log: recordingLog().log,
  });
  return { client, server };
}

const conversation = (n: number) => ({
  id: `c${n}`,
  contact_id: 'u1',
  created_at: 1_700_000_000 + n,
});
const page = (hasMore: boolean, ...ns: number[]) => ({
  body: { has_more: hasMore, data: ns.map(conversation) },
});
const refused = { status: 400, body: { error: { message: 'limit too large', param: 'limit' } } };
const ids = (records: { id: string }[]) => records.map((record) => record.id);

describe('listAll', () => {
  it('follows the cursor to the end', async () => {
    const { client, server } = await clientFor(page(true, 5, 4), page(true, 3, 2), page(false, 1));
    const result = await listAll(client, 'conversations', { muted: true, limit: 2 });
    expect(result).toMatchObject({ complete: true, via: 'pages', skipped: 0 });
    expect(ids(result.data)).toEqual(['c5', 'c4', 'c3', 'c2', 'c1']);
    expect(server.seen.map((request) => request.url)).toEqual([
      '/v1/conversations?limit=2&muted=true',
      '/v1/conversations?limit=2&starting_after=c4&muted=true',
      '/v1/conversations?limit=2&starting_after=c2&muted=true',
    ]);
  });

  it('stops at maxItems and says the list is not complete', async () => {
    const { client, server } = await clientFor(page(true, 5, 4), page(true, 3, 2));
    const result = await listAll(client, 'conversations', { limit: 2 }, { maxItems: 3 });
    expect(ids(result.data)).toEqual(['c5', 'c4', 'c3']);
    expect(result.complete).toBe(false);
    expect(server.seen).toHaveLength(2);
  });

  it('falls back to one large page when the cursor is ignored', async () => {
    const { client, server } = await clientFor(
      page(true, 5, 4),
      page(true, 5, 4),
      page(false, 5, 4, 3, 2, 1),
    );
    const result = await listAll(client, 'conversations', { limit: 2 });
    expect(result).toMatchObject({ complete: true, via: 'large-limit' });
    expect(ids(result.data)).toEqual(['c5', 'c4', 'c3', 'c2', 'c1']);
    expect(server.seen.at(-1)?.url).toBe('/v1/conversations?limit=100');
  });

  it('tries smaller limits when a large one is refused', async () => {
    const { client, server } = await clientFor(
      page(true, 5, 4),
      page(true, 5, 4),
      refused,
      page(false, 5, 4, 3, 2, 1),
    );
    const result = await listAll(client, 'conversations', {});
    expect(result.via).toBe('large-limit');
    expect(server.seen.slice(2).map((request) => request.url)).toEqual([
      '/v1/conversations?limit=100',
      '/v1/conversations?limit=50',
    ]);
  });

  it('keeps the first page, marked incomplete, when the server neither pages nor allows a larger limit', async () => {
    const { client, server } = await clientFor(page(true, 5, 4), page(true, 5, 4), refused);
    const result = await listAll(client, 'conversations', {});
    expect(result).toMatchObject({ complete: false, via: 'first-page-only' });
    expect(ids(result.data)).toEqual(['c5', 'c4']);
    expect(server.seen).toHaveLength(5);
  });
});
