import { describe, expect, it } from 'vitest';
import { open, send, threeUsers } from './support.ts';

const CONVERSATION_FIELDS = [
  'id',
  'contact_id',
  'group_id',
  'pinned_message_id',
  'is_pinned',
  'is_muted',
  'last_active_at',
  'last_opened_at',
  'created_at',
  'archived_at',
].sort();

describe('creating conversations', () => {
  it('creates one with a contact: every spec field, defaults, timestamps in Unix seconds', async () => {
    const { alice } = await threeUsers();
    const before = Math.floor(Date.now() / 1000);
    const reply = await alice('POST', '/v1/conversations', { form: { contact_id: 'bob' } });
    expect(reply.status).toBe(200);
    expect(Object.keys(reply.body).sort()).toEqual(CONVERSATION_FIELDS);
    expect(reply.body).toMatchObject({
      contact_id: 'bob',
      group_id: null,
      pinned_message_id: null,
      is_pinned: false,
      is_muted: false,
      last_active_at: null,
      last_opened_at: null,
      archived_at: null,
    });
    expect(reply.body.created_at).toBeGreaterThanOrEqual(before);
    expect(reply.body.created_at).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
  });

  it('creates one with a group the user is in, with contact_id null', async () => {
    const { alice } = await threeUsers();
    const reply = await alice('POST', '/v1/conversations', { json: { group_id: 'team' } });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ group_id: 'team', contact_id: null });
  });

  it('answers the existing conversation when asked for the same contact again', async () => {
    const { alice } = await threeUsers();
    const first = await open(alice, { contact_id: 'bob' });
    expect(await open(alice, { contact_id: 'bob' })).toBe(first);
    const list = await alice('GET', '/v1/conversations');
    expect(list.body.data).toHaveLength(1);
  });

  it.each([
    [{ contact_id: 'bob', group_id: 'team' }, 422, 'group_id'],
    [{}, 400, 'contact_id'],
    [{ contact_id: 'nobody' }, 404, 'contact_id'],
    [{ group_id: 'no-such-group' }, 404, 'group_id'],
    [{ contact_id: 'alice' }, 422, 'contact_id'],
  ])('refuses %j with %i naming %s, and creates nothing', async (form, status, param) => {
    const { alice } = await threeUsers();
    const reply = await alice('POST', '/v1/conversations', { form });
    expect(reply.status).toBe(status);
    expect(reply.body.error.param).toBe(param);
    expect(typeof reply.body.error.message).toBe('string');
    expect((await alice('GET', '/v1/conversations')).body.data).toEqual([]);
  });

  it('refuses a group the user is not a member of with 404', async () => {
    const { carol } = await threeUsers();
    const reply = await carol('POST', '/v1/conversations', { form: { group_id: 'team' } });
    expect(reply.status).toBe(404);
    expect(reply.body.error).toMatchObject({ type: 'not_found', param: 'group_id' });
  });

  it('ignores unknown fields', async () => {
    const { alice } = await threeUsers();
    const reply = await alice('POST', '/v1/conversations', {
      form: { contact_id: 'bob', colour: 'blue' },
    });
    expect(reply.status).toBe(200);
    expect(reply.body).not.toHaveProperty('colour');
  });
});

describe('updating a conversation', () => {
  it('pins, mutes and archives with form fields, and unarchives with an empty archived_at', async () => {
    const { alice } = await threeUsers();
    const id = await open(alice, { contact_id: 'bob' });
    const updated = await alice('PUT', `/v1/conversations/${id}`, {
      form: { is_pinned: 'true', is_muted: 'true', archived_at: '1700000000' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      is_pinned: true,
      is_muted: true,
      archived_at: 1_700_000_000,
    });
    const restored = await alice('PUT', `/v1/conversations/${id}`, { form: { archived_at: '' } });
    expect(restored.body).toMatchObject({ archived_at: null, is_pinned: true, is_muted: true });
    expect((await alice('GET', `/v1/conversations/${id}`)).body.archived_at).toBeNull();
  });

  it('takes JSON: booleans, a timestamp, and null to unarchive', async () => {
    const { alice } = await threeUsers();
    const id = await open(alice, { contact_id: 'bob' });
    await alice('PUT', `/v1/conversations/${id}`, {
      json: { archived_at: 1_700_000_001, is_muted: true },
    });
    const restored = await alice('PUT', `/v1/conversations/${id}`, {
      json: { archived_at: null, is_muted: false },
    });
    expect(restored.body).toMatchObject({ archived_at: null, is_muted: false });
  });

  it('pins a message of the conversation and unpins it with an empty value', async () => {
    const { alice } = await threeUsers();
    const id = await open(alice, { contact_id: 'bob' });
    const message = await send(alice, id, 'pin me');
    const pinned = await alice('PUT', `/v1/conversations/${id}`, {
      form: { pinned_message_id: message.id },
    });
    expect(pinned.body.pinned_message_id).toBe(message.id);
    const unpinned = await alice('PUT', `/v1/conversations/${id}`, {
      form: { pinned_message_id: '' },
    });
    expect(unpinned.body.pinned_message_id).toBeNull();
  });

  it('refuses to pin a message from another conversation, and changes nothing', async () => {
    const { alice } = await threeUsers();
    const withBob = await open(alice, { contact_id: 'bob' });
    const withCarol = await open(alice, { contact_id: 'carol' });
    const elsewhere = await send(alice, withCarol, 'not here');
    const reply = await alice('PUT', `/v1/conversations/${withBob}`, {
      form: { pinned_message_id: elsewhere.id, is_pinned: 'true' },
    });
    expect(reply.status).toBe(404);
    expect(reply.body.error.param).toBe('pinned_message_id');
    expect((await alice('GET', `/v1/conversations/${withBob}`)).body.is_pinned).toBe(false);
  });

  it.each([
    [{ is_pinned: 'yes' }, 400, 'is_pinned'],
    [{ archived_at: 'soon' }, 400, 'archived_at'],
    [{ archived_at: '-5' }, 422, 'archived_at'],
    [{ archived_at: '1700000000000' }, 422, 'archived_at'],
  ])('refuses %j with %i', async (form, status, param) => {
    const { alice } = await threeUsers();
    const id = await open(alice, { contact_id: 'bob' });
    const reply = await alice('PUT', `/v1/conversations/${id}`, { form });
    expect(reply.status).toBe(status);
    expect(reply.body.error.param).toBe(param);
    expect((await alice('GET', `/v1/conversations/${id}`)).body).toMatchObject({
      is_pinned: false,
      archived_at: null,
    });
  });

  it('answers 404 for a conversation that does not exist', async () => {
    const { alice } = await threeUsers();
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const reply = await alice(
        method,
        '/v1/conversations/conv_missing',
        method === 'PUT' ? { form: { is_muted: 'true' } } : {},
      );
      expect(reply.status).toBe(404);
      expect(reply.body.error.type).toBe('not_found');
    }
  });
});

describe('deleting a conversation', () => {
  it('answers { id, deleted: true } and removes it with all its messages', async () => {
    const { alice } = await threeUsers();
    const id = await open(alice, { contact_id: 'bob' });
    const message = await send(alice, id, 'soon gone');
    const reply = await alice('DELETE', `/v1/conversations/${id}`);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ id, deleted: true });
    expect((await alice('GET', `/v1/conversations/${id}`)).status).toBe(404);
    expect((await alice('GET', `/v1/messages/${message.id}`)).status).toBe(404);
    expect((await alice('GET', '/v1/messages')).body.data).toEqual([]);
  });
});

describe('listing conversations', () => {
  async function workspaceOfFive() {
    const users = await threeUsers({
      groups: [
        { groupId: 'team', members: ['alice', 'bob', 'dave'] },
        { groupId: 'club', members: ['alice', 'erin'] },
      ],
    });
    const { alice } = users;
    const ids = {
      bob: await open(alice, { contact_id: 'bob' }),
      carol: await open(alice, { contact_id: 'carol' }),
      dave: await open(alice, { contact_id: 'dave' }),
      team: await open(alice, { group_id: 'team' }),
      club: await open(alice, { group_id: 'club' }),
    };
    await alice('PUT', `/v1/conversations/${ids.bob}`, { form: { is_pinned: 'true' } });
    await alice('PUT', `/v1/conversations/${ids.carol}`, { form: { is_muted: 'true' } });
    await alice('PUT', `/v1/conversations/${ids.team}`, {
      form: { archived_at: '1700000000', is_muted: 'true' },
    });
    return { ...users, ids };
  }

  it('lists newest first with has_more, at most 10 by default', async () => {
    const { alice } = await threeUsers({
      groups: [
        {
          groupId: 'big',
          members: ['alice', ...Array.from({ length: 12 }, (_, i) => `member${i}`)],
        },
      ],
    });
    const created: string[] = [];
    for (let i = 0; i < 12; i += 1) created.push(await open(alice, { contact_id: `member${i}` }));
    const page = await alice('GET', '/v1/conversations');
    expect(page.status).toBe(200);
    expect(page.body.has_more).toBe(true);
    expect(page.body.data.map((c: { id: string }) => c.id)).toEqual(
      created.slice().reverse().slice(0, 10),
    );
  });

  it.each([
    ['muted', 'true', ['team', 'carol']],
    ['muted', 'false', ['club', 'dave', 'bob']],
    ['pinned', 'true', ['bob']],
    ['archived', 'true', ['team']],
    ['archived', 'false', ['club', 'dave', 'carol', 'bob']],
    ['group_id', 'team', ['team']],
    ['group_id', 'nowhere', []],
  ])('filters %s=%s', async (name, value, expected) => {
    const { alice, ids } = await workspaceOfFive();
    const page = await alice('GET', '/v1/conversations', { query: { [name]: value } });
    expect(page.status).toBe(200);
    expect(page.body.data.map((c: { id: string }) => c.id)).toEqual(
      expected.map((key) => ids[key as keyof typeof ids]),
    );
  });

  it('pages with starting_after and ending_before', async () => {
    const { alice, ids } = await workspaceOfFive();
    const newestFirst = [ids.club, ids.team, ids.dave, ids.carol, ids.bob];
    const first = await alice('GET', '/v1/conversations', { query: { limit: 2 } });
    expect(first.body).toMatchObject({ has_more: true });
    expect(first.body.data.map((c: { id: string }) => c.id)).toEqual(newestFirst.slice(0, 2));
    const second = await alice('GET', '/v1/conversations', {
      query: { limit: 2, starting_after: ids.team },
    });
    expect(second.body.data.map((c: { id: string }) => c.id)).toEqual(newestFirst.slice(2, 4));
    expect(second.body.has_more).toBe(true);
    const last = await alice('GET', '/v1/conversations', {
      query: { limit: 2, starting_after: ids.carol },
    });
    expect(last.body).toMatchObject({ has_more: false });
    expect(last.body.data.map((c: { id: string }) => c.id)).toEqual([ids.bob]);
    const back = await alice('GET', '/v1/conversations', {
      query: { limit: 2, ending_before: ids.carol },
    });
    expect(back.body.data.map((c: { id: string }) => c.id)).toEqual([ids.team, ids.dave]);
    expect(back.body.has_more).toBe(true);
  });

  it.each([
    [{ limit: 0 }, 422, 'limit'],
    [{ limit: 101 }, 422, 'limit'],
    [{ limit: 'ten' }, 400, 'limit'],
    [{ muted: 'maybe' }, 400, 'muted'],
    [{ starting_after: 'conv_unknown' }, 404, 'starting_after'],
    [{ starting_after: 'a', ending_before: 'b' }, 400, 'ending_before'],
  ])('refuses %j with %i', async (query, status, param) => {
    const { alice } = await threeUsers();
    const reply = await alice('GET', '/v1/conversations', { query });
    expect(reply.status).toBe(status);
    expect(reply.body.error.param).toBe(param);
  });

  it('takes limit=100 and limit=1', async () => {
    const { alice } = await threeUsers();
    await open(alice, { contact_id: 'bob' });
    await open(alice, { contact_id: 'carol' });
    expect(
      (await alice('GET', '/v1/conversations', { query: { limit: 100 } })).body.data,
    ).toHaveLength(2);
    const one = await alice('GET', '/v1/conversations', { query: { limit: 1 } });
    expect(one.body).toMatchObject({ has_more: true });
    expect(one.body.data).toHaveLength(1);
  });

  it('moves last_active_at with new messages', async () => {
    const { alice } = await threeUsers();
    const id = await open(alice, { contact_id: 'bob' });
    const message = await send(alice, id, 'hello');
    expect((await alice('GET', `/v1/conversations/${id}`)).body.last_active_at).toBe(
      message.created_at,
    );
  });
});
