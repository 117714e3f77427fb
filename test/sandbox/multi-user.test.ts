import { describe, expect, it } from 'vitest';
import { open, send, threeUsers } from './support.ts';

describe('two users chatting', () => {
  it('delivers a message into the other user’s side of the conversation, created on the first message, same ids', async () => {
    const { alice, bob } = await threeUsers();
    const id = await open(alice, { contact_id: 'bob' });
    expect((await bob('GET', '/v1/conversations')).body.data).toEqual([]);

    const message = await send(alice, id, 'Hi Bob!');
    const bobsSide = await bob('GET', '/v1/conversations');
    expect(bobsSide.body.data).toHaveLength(1);
    expect(bobsSide.body.data[0]).toMatchObject({
      id,
      contact_id: 'alice',
      group_id: null,
      last_opened_at: null,
    });
    expect(bobsSide.body.data[0].last_active_at).toBe(message.created_at);
    const received = await bob('GET', `/v1/messages/${message.id}`);
    expect(received.body).toMatchObject({
      id: message.id,
      conversation_id: id,
      message: 'Hi Bob!',
    });
    expect(received.body.contact.id).toBe('alice');

    const answer = await send(bob, id, 'Hi Alice!');
    const thread = await alice('GET', '/v1/messages', { query: { conversation_id: id } });
    expect(thread.body.data.map((m: { id: string }) => m.id)).toEqual([answer.id, message.id]);
  });

  it('finds the same conversation when the other user opens it, with state kept per side', async () => {
    const { alice, bob } = await threeUsers();
    const id = await open(alice, { contact_id: 'bob' });
    await alice('PUT', `/v1/conversations/${id}`, {
      form: { is_pinned: 'true', is_muted: 'true' },
    });
    expect(await open(bob, { contact_id: 'alice' })).toBe(id);
    expect((await bob('GET', `/v1/conversations/${id}`)).body).toMatchObject({
      is_pinned: false,
      is_muted: false,
    });
  });

  it('deleting a conversation removes only the deleter’s side; opening again shows only new messages', async () => {
    const { alice, bob } = await threeUsers();
    const id = await open(alice, { contact_id: 'bob' });
    const old = await send(alice, id, 'before');
    expect((await bob('DELETE', `/v1/conversations/${id}`)).status).toBe(200);
    expect((await alice('GET', `/v1/messages/${old.id}`)).status).toBe(200);
    expect((await bob('GET', `/v1/messages/${old.id}`)).status).toBe(404);

    const fresh = await send(alice, id, 'after');
    const bobsThread = await bob('GET', '/v1/messages', { query: { conversation_id: id } });
    expect(bobsThread.body.data.map((m: { id: string }) => m.id)).toEqual([fresh.id]);
  });
});

describe('groups', () => {
  it('shares one conversation id among members; each member has their own state', async () => {
    const { alice, bob } = await threeUsers();
    const id = await open(alice, { group_id: 'team' });
    const message = await send(alice, id, 'Hello team');
    const bobsList = await bob('GET', '/v1/conversations', { query: { group_id: 'team' } });
    expect(bobsList.body.data).toHaveLength(1);
    expect(bobsList.body.data[0]).toMatchObject({ id, group_id: 'team', contact_id: null });
    expect((await bob('GET', `/v1/messages/${message.id}`)).body.conversation_id).toBe(id);

    await bob('PUT', `/v1/conversations/${id}`, { form: { archived_at: '1700000000' } });
    expect((await alice('GET', `/v1/conversations/${id}`)).body.archived_at).toBeNull();
    expect(await open(bob, { group_id: 'team' })).toBe(id);
  });
});

describe('isolation', () => {
  it('answers 404 to anyone outside a conversation, and changes nothing', async () => {
    const { alice, bob, carol } = await threeUsers();
    const id = await open(alice, { contact_id: 'bob' });
    const message = await send(alice, id, 'private');

    const attempts = [
      await carol('GET', `/v1/conversations/${id}`),
      await carol('PUT', `/v1/conversations/${id}`, { form: { is_muted: 'true' } }),
      await carol('DELETE', `/v1/conversations/${id}`),
      await carol('GET', `/v1/messages/${message.id}`),
      await carol('PUT', `/v1/messages/${message.id}`, {
        form: { reactions: { like: ['carol'] } },
      }),
      await carol('DELETE', `/v1/messages/${message.id}`),
      await carol('GET', '/v1/messages', { query: { conversation_id: id } }),
      await carol('POST', '/v1/messages', { form: { conversation_id: id, message: 'let me in' } }),
      await carol('POST', '/v1/conversations', { form: { group_id: 'team' } }),
    ];
    for (const reply of attempts) {
      expect(reply.status).toBe(404);
      expect(reply.body.error.type).toBe('not_found');
    }
    expect((await carol('GET', '/v1/messages')).body.data).toEqual([]);
    expect((await carol('GET', '/v1/conversations')).body.data).toEqual([]);
    const untouched = await bob('GET', `/v1/messages/${message.id}`);
    expect(untouched.body).toMatchObject({ message: 'private', reactions: [] });
    expect((await alice('GET', `/v1/conversations/${id}`)).body.is_muted).toBe(false);
  });
});
