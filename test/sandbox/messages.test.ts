import { describe, expect, it } from 'vitest';
import { BOB, clientFor, open, send, threeUsers } from './support.ts';

const MESSAGE_FIELDS = [
  'id',
  'conversation_id',
  'contact',
  'message',
  'reactions',
  'attachments',
  'read_at',
  'created_at',
  'updated_at',
].sort();

const photo = {
  name: 'cat.jpg',
  url: 'https://picsum.photos/seed/cat/640/480',
  mime_type: 'image/jpeg',
  size: 52_000,
};

describe('sending a message', () => {
  it('answers the created message: every field, the sender contact, read_at and updated_at null', async () => {
    const { alice } = await threeUsers();
    const id = await open(alice, { contact_id: 'bob' });
    const reply = await alice('POST', '/v1/messages', {
      form: { conversation_id: id, message: 'Hi Bob' },
    });
    expect(reply.status).toBe(200);
    expect(Object.keys(reply.body).sort()).toEqual(MESSAGE_FIELDS);
    expect(reply.body).toMatchObject({
      conversation_id: id,
      message: 'Hi Bob',
      reactions: [],
      attachments: [],
      read_at: null,
      updated_at: null,
    });
    expect(Object.keys(reply.body.contact).sort()).toEqual(
      ['id', 'username', 'phone_number', 'avatar_url', 'last_active_at', 'created_at'].sort(),
    );
    expect(reply.body.contact).toMatchObject({ id: 'alice', username: 'alice' });
    expect(reply.body.contact.phone_number).toMatch(/^\+\d+$/);
    expect(Number.isInteger(reply.body.created_at)).toBe(true);
  });

  it('takes attachments as nested form fields and as JSON', async () => {
    const { alice } = await threeUsers();
    const id = await open(alice, { contact_id: 'bob' });
    const viaForm = await send(alice, id, 'look', { attachments: [photo] });
    expect(viaForm.attachments).toEqual([photo]);
    const viaJson = await alice('POST', '/v1/messages', {
      json: {
        conversation_id: id,
        message: '',
        attachments: [{ name: 'a.pdf', url: 'http://example.com/a.pdf' }],
      },
    });
    expect(viaJson.status).toBe(200);
    expect(viaJson.body.attachments).toEqual([
      {
        name: 'a.pdf',
        url: 'http://example.com/a.pdf',
        mime_type: 'application/octet-stream',
        size: null,
      },
    ]);
  });

  it.each([
    [{ conversation_id: undefined, message: 'no conversation' }, 400, 'conversation_id'],
    [{ conversation_id: 'X' }, 400, 'message'],
    [{ conversation_id: 'conv_missing', message: 'hi' }, 404, 'conversation_id'],
    [{ message: '   ' }, 422, 'message'],
    [{ message: 'x'.repeat(20_001) }, 422, 'message'],
    [
      { message: 'bad', attachments: [{ name: 'x', url: 'ftp://example.com/x' }] },
      422,
      'attachments[0][url]',
    ],
    [
      { message: 'bad', attachments: [{ url: 'https://example.com/x' }] },
      400,
      'attachments[0][name]',
    ],
  ])('refuses %j with %i naming the field, and sends nothing', async (form, status, param) => {
    const { alice } = await threeUsers();
    const id = await open(alice, { contact_id: 'bob' });
    const reply = await alice('POST', '/v1/messages', { form: { conversation_id: id, ...form } });
    expect(reply.status).toBe(status);
    expect(reply.body.error.param).toBe(param);
    expect((await alice('GET', '/v1/messages')).body.data).toEqual([]);
  });
});

describe('listing and reading messages', () => {
  it('lists newest first, 10 by default, pages both ways, filters by conversation', async () => {
    const { alice } = await threeUsers();
    const withBob = await open(alice, { contact_id: 'bob' });
    const withCarol = await open(alice, { contact_id: 'carol' });
    const sent: string[] = [];
    for (let i = 0; i < 12; i += 1) sent.push((await send(alice, withBob, `m${i}`)).id);
    await send(alice, withCarol, 'other');
    const newest = sent.slice().reverse();

    const page = await alice('GET', '/v1/messages', { query: { conversation_id: withBob } });
    expect(page.body.has_more).toBe(true);
    expect(page.body.data.map((m: { id: string }) => m.id)).toEqual(newest.slice(0, 10));
    const rest = await alice('GET', '/v1/messages', {
      query: { conversation_id: withBob, starting_after: newest[9] as string },
    });
    expect(rest.body).toMatchObject({ has_more: false });
    expect(rest.body.data.map((m: { id: string }) => m.id)).toEqual(newest.slice(10));
    const newer = await alice('GET', '/v1/messages', {
      query: { conversation_id: withBob, ending_before: newest[5] as string, limit: 3 },
    });
    expect(newer.body.data.map((m: { id: string }) => m.id)).toEqual(newest.slice(2, 5));
    expect(newer.body.has_more).toBe(true);

    const everything = await alice('GET', '/v1/messages', { query: { limit: 100 } });
    expect(everything.body.data).toHaveLength(13);
    expect(everything.body.data[0].message).toBe('other');
  });

  it('refuses a conversation_id that is not the user’s, and bad limits', async () => {
    const { alice } = await threeUsers();
    expect(
      (await alice('GET', '/v1/messages', { query: { conversation_id: 'conv_x' } })).status,
    ).toBe(404);
    expect((await alice('GET', '/v1/messages', { query: { limit: 101 } })).status).toBe(422);
    expect((await alice('GET', '/v1/messages', { query: { limit: '1.5' } })).status).toBe(400);
    expect((await alice('GET', '/v1/messages/msg_missing')).status).toBe(404);
  });

  it('sets read_at when the recipient fetches the message, not when the sender does', async () => {
    const { alice, bob } = await threeUsers();
    const id = await open(alice, { contact_id: 'bob' });
    const message = await send(alice, id, 'read me');
    expect((await alice('GET', `/v1/messages/${message.id}`)).body.read_at).toBeNull();
    const feed = await bob('GET', '/v1/messages');
    expect(feed.body.data[0]).toMatchObject({ id: message.id, read_at: null });

    const opened = await bob('GET', '/v1/messages', { query: { conversation_id: id } });
    const readAt = opened.body.data[0].read_at;
    expect(readAt).toEqual(expect.any(Number));
    expect((await alice('GET', `/v1/messages/${message.id}`)).body.read_at).toBe(readAt);
    expect((await bob('GET', `/v1/conversations/${id}`)).body.last_opened_at).toEqual(
      expect.any(Number),
    );
    expect((await alice('GET', `/v1/conversations/${id}`)).body.last_opened_at).toBeNull();
  });

  it('marks read on a single fetch by the recipient too', async () => {
    const { alice, bob } = await threeUsers();
    const id = await open(alice, { contact_id: 'bob' });
    const message = await send(alice, id, 'read me');
    const fetched = await bob('GET', `/v1/messages/${message.id}`);
    expect(fetched.body.read_at).toEqual(expect.any(Number));
  });
});

describe('updating a message', () => {
  it('edits the text and sets updated_at', async () => {
    const { alice } = await threeUsers();
    const id = await open(alice, { contact_id: 'bob' });
    const message = await send(alice, id, 'typo');
    const reply = await alice('PUT', `/v1/messages/${message.id}`, { form: { message: 'fixed' } });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ id: message.id, message: 'fixed' });
    expect(reply.body.updated_at).toEqual(expect.any(Number));
  });

  it('replaces reactions with the set sent as reactions[name][]=reactor, and clears them with an empty field', async () => {
    const { alice } = await threeUsers();
    const id = await open(alice, { contact_id: 'bob' });
    const message = await send(alice, id, 'react to me');
    const reacted = await alice('PUT', `/v1/messages/${message.id}`, {
      raw: 'reactions[like][]=alice&reactions[like][]=bob&reactions[love][]=bob',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(reacted.body.reactions).toEqual([{ like: ['alice', 'bob'] }, { love: ['bob'] }]);
    const replaced = await alice('PUT', `/v1/messages/${message.id}`, {
      form: { reactions: { wow: ['alice'] } },
    });
    expect(replaced.body.reactions).toEqual([{ wow: ['alice'] }]);
    const cleared = await alice('PUT', `/v1/messages/${message.id}`, { form: { reactions: '' } });
    expect(cleared.body.reactions).toEqual([]);
  });

  it('takes reactions as JSON, in the map shape or the array the API answers with; [] clears', async () => {
    const { alice } = await threeUsers();
    const id = await open(alice, { contact_id: 'bob' });
    const message = await send(alice, id, 'json');
    const asArray = await alice('PUT', `/v1/messages/${message.id}`, {
      json: { reactions: [{ like: ['bob'] }, { laugh: ['alice'] }] },
    });
    expect(asArray.body.reactions).toEqual([{ like: ['bob'] }, { laugh: ['alice'] }]);
    const asMap = await alice('PUT', `/v1/messages/${message.id}`, {
      json: { reactions: { like: ['alice', 'alice'] } },
    });
    expect(asMap.body.reactions).toEqual([{ like: ['alice'] }]);
    const cleared = await alice('PUT', `/v1/messages/${message.id}`, { json: { reactions: [] } });
    expect(cleared.body.reactions).toEqual([]);
  });

  it('replaces attachments, and an empty field removes them', async () => {
    const { alice } = await threeUsers();
    const id = await open(alice, { contact_id: 'bob' });
    const message = await send(alice, id, 'files', { attachments: [photo] });
    const other = {
      name: 'b.png',
      url: 'https://example.com/b.png',
      mime_type: 'image/png',
      size: 10,
    };
    const replaced = await alice('PUT', `/v1/messages/${message.id}`, {
      form: { attachments: [other] },
    });
    expect(replaced.body.attachments).toEqual([other]);
    const cleared = await alice('PUT', `/v1/messages/${message.id}`, { form: { attachments: '' } });
    expect(cleared.body.attachments).toEqual([]);
  });

  it('lets the recipient react but not edit, and shows both sides the same message', async () => {
    const { alice, bob } = await threeUsers();
    const id = await open(alice, { contact_id: 'bob' });
    const message = await send(alice, id, 'original');
    const edit = await bob('PUT', `/v1/messages/${message.id}`, { form: { message: 'hijacked' } });
    expect(edit.status).toBe(422);
    expect(edit.body.error.param).toBe('message');
    const reacted = await bob('PUT', `/v1/messages/${message.id}`, {
      form: { reactions: { like: ['bob'] } },
    });
    expect(reacted.status).toBe(200);
    const seenByAlice = await alice('GET', `/v1/messages/${message.id}`);
    expect(seenByAlice.body).toMatchObject({ message: 'original', reactions: [{ like: ['bob'] }] });
  });
});

describe('deleting a message', () => {
  it('by the sender removes it for everyone and unpins it', async () => {
    const { alice, bob } = await threeUsers();
    const id = await open(alice, { contact_id: 'bob' });
    const message = await send(alice, id, 'oops');
    await bob('PUT', `/v1/conversations/${id}`, { form: { pinned_message_id: message.id } });
    const reply = await alice('DELETE', `/v1/messages/${message.id}`);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ id: message.id, deleted: true });
    expect((await alice('GET', `/v1/messages/${message.id}`)).status).toBe(404);
    expect((await bob('GET', `/v1/messages/${message.id}`)).status).toBe(404);
    expect((await bob('GET', `/v1/conversations/${id}`)).body.pinned_message_id).toBeNull();
  });

  it('by a recipient removes only their own copy', async () => {
    const { sandbox, alice } = await threeUsers();
    const bob = clientFor(sandbox, BOB.token);
    const id = await open(alice, { contact_id: 'bob' });
    const message = await send(alice, id, 'keep for alice');
    expect((await bob('DELETE', `/v1/messages/${message.id}`)).status).toBe(200);
    expect((await bob('GET', `/v1/messages/${message.id}`)).status).toBe(404);
    expect((await alice('GET', `/v1/messages/${message.id}`)).status).toBe(200);
  });
});
