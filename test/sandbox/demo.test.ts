import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clientFor, sandbox, send, type Call } from './support.ts';
import { makeTempDir, removeTempDir } from '../support/temp-dir.ts';

const USER = { contactId: 'you', token: 'token-you' };

async function allConversations(call: Call) {
  const reply = await call('GET', '/v1/conversations', { query: { limit: 100 } });
  return reply.body.data as {
    id: string;
    contact_id: string | null;
    group_id: string | null;
    is_pinned: boolean;
    is_muted: boolean;
    archived_at: number | null;
  }[];
}

/** Every message, through the feed that reads nothing (no conversation named). */
async function allMessages(call: Call) {
  const messages = [];
  let cursor: string | undefined;
  do {
    const page = await call('GET', '/v1/messages', {
      query: { limit: 100, ...(cursor ? { starting_after: cursor } : {}) },
    });
    messages.push(...page.body.data);
    cursor = page.body.has_more ? page.body.data.at(-1).id : undefined;
  } while (cursor);
  return messages as {
    id: string;
    conversation_id: string;
    contact: { id: string; phone_number: string };
    read_at: number | null;
    created_at: number;
    reactions: unknown[];
    attachments: { name: string; url: string; mime_type: string; size: number }[];
  }[];
}

/** Messages from others sent after their conversation was last opened: what a client shows as new. */
async function newMessages(call: Call) {
  const opened = new Map(
    (
      (await call('GET', '/v1/conversations', { query: { limit: 100 } })).body.data as {
        id: string;
        last_opened_at: number | null;
      }[]
    ).map((c) => [c.id, c.last_opened_at ?? 0]),
  );
  return (await allMessages(call)).filter(
    (m) => m.contact.id !== USER.contactId && m.created_at > (opened.get(m.conversation_id) ?? 0),
  );
}

describe('demo workspace', () => {
  it('starts with its back-story seen: what its contacts send afterwards is what is new', async () => {
    // Times are whole seconds: an answer a second later is newer than the start.
    const started = await sandbox({ users: [USER], demo: true, demoReplyDelayMs: 1_100 });
    const you = clientFor(started, USER.token);
    expect(await newMessages(you)).toEqual([]);
    const history = await allMessages(you);
    expect(history.filter((m) => m.contact.id !== USER.contactId && m.read_at === null)).toEqual(
      [],
    );

    const direct = (await allConversations(you)).find((c) => c.contact_id !== null);
    await send(you, direct?.id as string, 'Anything new?');
    await vi.waitFor(
      async () =>
        expect(await newMessages(you)).toEqual([
          expect.objectContaining({ conversation_id: direct?.id, read_at: null }),
        ]),
      { timeout: 10_000 },
    );
  });

  it('seeds about 30 conversations with contacts and groups, pinned, muted and archived', async () => {
    const started = await sandbox({ users: [USER], demo: true });
    const conversations = await allConversations(clientFor(started, USER.token));
    expect(conversations.length).toBeGreaterThanOrEqual(25);
    expect(conversations.length).toBeLessThanOrEqual(35);
    expect(conversations.some((c) => c.group_id !== null)).toBe(true);
    expect(conversations.some((c) => c.contact_id !== null)).toBe(true);
    expect(conversations.filter((c) => c.is_pinned).length).toBeGreaterThan(0);
    expect(conversations.filter((c) => c.is_muted).length).toBeGreaterThan(0);
    expect(conversations.filter((c) => c.archived_at !== null).length).toBeGreaterThan(0);
  });

  it('has weeks of messages with reactions, attachment objects and contacts', async () => {
    const started = await sandbox({ users: [USER], demo: true });
    const you = clientFor(started, USER.token);
    const messages = await allMessages(you);
    const days =
      (Math.max(...messages.map((m) => m.created_at)) -
        Math.min(...messages.map((m) => m.created_at))) /
      86_400;
    expect(days).toBeGreaterThan(14);
    expect(messages.some((m) => m.reactions.length > 0)).toBe(true);
    const attachments = messages.flatMap((m) => m.attachments);
    expect(attachments.length).toBeGreaterThan(0);
    for (const attachment of attachments) {
      expect(Object.keys(attachment).sort()).toEqual(['mime_type', 'name', 'size', 'url']);
      expect(attachment.url).toMatch(/^https?:\/\//);
    }
    expect(attachments.some((a) => a.mime_type.startsWith('image/'))).toBe(true);
    const someone = messages.find((m) => m.contact.id !== 'you')!.contact;
    expect(someone.phone_number).toMatch(/^\+\d+$/);
  });

  it('serves its avatars and pictures itself, to anyone, so the demo needs no other host', async () => {
    const started = await sandbox({ users: [USER], demo: true });
    const you = clientFor(started, USER.token);
    const page = await you('GET', '/v1/messages', { query: { limit: 100 } });
    const messages = page.body.data as {
      contact: { id: string; avatar_url: string };
      attachments: { url: string; mime_type: string; size: number }[];
    }[];
    const avatars = new Set(messages.map((m) => m.contact.avatar_url));
    const pictures = messages
      .flatMap((m) => m.attachments)
      .filter((a) => a.mime_type.startsWith('image/'));
    expect(avatars.size).toBeGreaterThan(3);
    expect(pictures.length).toBeGreaterThan(0);
    for (const url of [...avatars, ...pictures.map((p) => p.url)]) {
      expect(url.startsWith(`${started.url}/`)).toBe(true);
      // As an <img> asks: no token.
      const response = await fetch(url);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
      const svg = await response.text();
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]* width="\d+"/);
      expect(svg).not.toMatch(/<script|href="http|on\w+=/i);
    }
    const picture = pictures[0]!;
    expect(Buffer.byteLength(await (await fetch(picture.url)).text())).toBe(picture.size);
    // What the URL does not name is not there, and the API itself still wants a token.
    expect((await fetch(`${started.url}/_sandbox/assets/avatars/..%2Fsecret.svg`)).status).toBe(
      404,
    );
    expect((await fetch(`${started.url}/_sandbox/assets/pictures/x-1.svg`)).status).toBe(404);
    expect((await fetch(`${started.url}/v1/messages`)).status).toBe(401);
  });

  it('has simulated contacts that read and answer a new message', async () => {
    const started = await sandbox({ users: [USER], demo: true, demoReplyDelayMs: 20 });
    const you = clientFor(started, USER.token);
    const direct = (await allConversations(you)).find((c) => c.contact_id !== null);
    const sent = await send(you, direct?.id as string, 'Are you there?');
    await vi.waitFor(async () => {
      const newest = await you('GET', '/v1/messages', {
        query: { conversation_id: direct?.id as string, limit: 1 },
      });
      expect(newest.body.data[0].id).not.toBe(sent.id);
      expect(newest.body.data[0].contact.id).toBe(direct?.contact_id);
    });
    // Read before it was answered: the sender's "Read" tick has something to show.
    const read = (await you('GET', `/v1/messages/${sent.id}`)).body;
    expect(read.read_at).toEqual(expect.any(Number));
  });

  describe('in a data file', () => {
    let directory = '';
    afterEach(() => removeTempDir(directory));

    it('survives a restart and is seeded only once', async () => {
      directory = makeTempDir('parley-sandbox-');
      const dataFile = join(directory, 'nested', 'sandbox.sqlite');
      const first = await sandbox({ users: [USER], demo: true, dataFile });
      const you = clientFor(first, USER.token);
      const before = await allConversations(you);
      const kept = await send(you, before[0]?.id as string, 'still here after a restart');
      await first.close();

      const second = await sandbox({ users: [USER], demo: true, dataFile });
      const again = clientFor(second, USER.token);
      expect((await allConversations(again)).map((c) => c.id)).toEqual(before.map((c) => c.id));
      expect((await again('GET', `/v1/messages/${kept.id}`)).body.message).toBe(
        'still here after a restart',
      );
    });
  });
});
