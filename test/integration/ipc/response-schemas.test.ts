import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  CHANNEL_NAMES,
  channels,
  ipcError,
  type Channel,
  type ChannelRequest,
} from '../../../shared/ipc/contract.ts';
import { CATALOGUE_EVENT_TYPES } from '../../../shared/model/settings.ts';
import type { Core } from '../../../main/core/create-core.ts';
import type { DesktopHost } from '../../../main/core/ports/ports.ts';
import { INITIAL_UPDATE_STATE } from '../../../main/desktop/update-policy.ts';
import type { UpdateState } from '../../../shared/model/desktop.ts';
import { startSandbox, type Sandbox } from '../../../main/sandbox/sandbox.ts';
import { responseProblems, undeclaredPaths } from '../../support/strict-response.ts';
import { signedOutCore } from '../security/harness.ts';
import { deliver, notification, SECRET, signedDelivery } from '../webhooks/receiver-harness.ts';

/** What the requests of later channels need from the answers of earlier ones. */
interface Context {
  sandbox: Sandbox;
  conversationId: string;
  messageId: string;
  outboxId: number;
  receiverUrl: string;
  activityId: string;
  /** A conversation the server refused to start. */
  refusedId: string;
  /** Text kept from a conversation that was gone when its draft was saved. */
  keptId: number;
}

/**
 * A request for every channel, in an order that makes each one succeed (so
 * its answer, not an error, is checked). Typed over every channel: a new
 * channel does not compile here until it has one.
 */
const REQUESTS: { [C in Channel]: (context: Context) => ChannelRequest<C> } = {
  'session:get': () => ({}),
  'session:signIn': ({ sandbox }) => ({ baseUrl: sandbox.url, token: 'ada-token' }),
  'status:get': () => ({}),
  'sync:now': () => ({}),
  'app:activity': () => ({ focused: true, visible: true, openConversationId: null }),
  'conversations:create': () => ({ contactId: 'grace' }),
  'messages:send': ({ conversationId }) => ({ conversationId, text: 'hello grace' }),
  'conversations:list': () => ({ filter: 'all' }),
  'conversations:counts': () => ({}),
  'conversations:get': ({ conversationId }) => ({ id: conversationId }),
  'conversations:info': ({ conversationId }) => ({ id: conversationId }),
  'conversations:attachments': ({ conversationId }) => ({ conversationId }),
  'conversations:setPinned': ({ conversationId }) => ({ id: conversationId, pinned: true }),
  'conversations:setMuted': ({ conversationId }) => ({ id: conversationId, muted: true }),
  'conversations:setArchived': ({ conversationId }) => ({ id: conversationId, archived: false }),
  'conversations:rename': ({ conversationId }) => ({ id: conversationId, localName: 'Grace H.' }),
  'conversations:pinMessage': ({ conversationId, messageId }) => ({ conversationId, messageId }),
  'conversations:markRead': ({ conversationId }) => ({ conversationId }),
  'conversations:markUnread': ({ conversationId }) => ({ conversationId }),
  'conversations:markAllRead': () => ({}),
  'conversations:nextUnread': ({ conversationId }) => ({
    filter: 'all',
    fromId: conversationId,
    step: 1,
  }),
  'messages:page': ({ conversationId }) => ({ conversationId }),
  'messages:quote': ({ conversationId, messageId }) => ({ conversationId, messageId }),
  'messages:fetchOlder': ({ conversationId }) => ({ conversationId }),
  'messages:edit': ({ messageId }) => ({ messageId, text: 'hello again, grace' }),
  'messages:react': ({ messageId }) => ({ messageId, reaction: 'like', add: true }),
  'messages:search': () => ({ query: 'grace' }),
  'drafts:set': ({ conversationId }) => ({ conversationId, text: 'half a thought' }),
  'drafts:get': ({ conversationId }) => ({ conversationId }),
  'edits:set': ({ conversationId, messageId }) => ({
    conversationId,
    edit: { messageId, text: 'hello again' },
  }),
  'edits:get': ({ conversationId }) => ({ conversationId }),
  'contacts:suggest': () => ({ query: 'gr' }),
  'outbox:list': () => ({}),
  'outbox:retry': ({ outboxId }) => ({ id: outboxId }),
  'outbox:discard': ({ outboxId }) => ({ id: outboxId }),
  'conversations:retarget': ({ refusedId }) => ({ id: refusedId, contactId: 'grace' }),
  'unsent:listKept': () => ({}),
  'unsent:dismissKept': ({ keptId }) => ({ id: keptId }),
  'settings:get': () => ({}),
  'settings:update': () => ({
    theme: 'dark',
    webhooks: { delivery: 'direct', enabled: true, port: 0 },
  }),
  'links:open': () => ({ url: 'https://example.org/parley' }),
  'links:probe': ({ sandbox }) => ({ url: `${sandbox.url}/v1/conversations` }),
  'webhooks:status': () => ({}),
  'webhooks:setSecret': () => ({ secret: SECRET }),
  'webhooks:setCatalogueToken': ({ sandbox }) => ({
    catalogueUrl: sandbox.url,
    token: 'ada-token',
  }),
  'webhooks:setListenAddress': () => ({ host: '127.0.0.1' }),
  'webhooks:exportCertificate': () => ({}),
  'webhooks:register': ({ sandbox, receiverUrl }) => ({
    catalogueUrl: sandbox.url,
    notificationUrl: receiverUrl,
    events: [...CATALOGUE_EVENT_TYPES],
  }),
  'activity:list': () => ({}),
  'activity:markSeen': ({ activityId }) => ({ ids: [activityId] }),
  // No relay listens at this address: the answers still say so in their declared shapes.
  'relay:test': () => ({ url: 'http://127.0.0.1:9', token: 'relay-token-0123456789' }),
  'relay:configure': () => ({ url: 'http://127.0.0.1:9', token: 'relay-token-0123456789' }),
  'relay:status': () => ({}),
  'orders:messageCustomer': () => ({ customerId: 'grace' }),
  'messages:delete': ({ messageId }) => ({ messageId }),
  'conversations:delete': ({ conversationId }) => ({ id: conversationId }),
  'desktop:capabilities': () => ({}),
  'updates:get': () => ({}),
  'updates:check': () => ({}),
  'updates:restart': () => ({ force: true }),
  'session:useDemo': () => ({}),
  'session:resetDemo': () => ({}),
  'session:signOut': () => ({ clearLocalData: true }),
};

/** A desktop host (the port the shell implements) with an update downloaded, so every update channel answers. */
const readyUpdate: UpdateState = { ...INITIAL_UPDATE_STATE, status: 'ready', version: '9.9.9' };
const desktopWithUpdate: DesktopHost = {
  capabilities: () => ({
    closeToTray: true,
    startAtLogin: true,
    spellCheckLanguages: ['en-US'],
    systemSpellCheckLanguages: ['en-US'],
  }),
  updates: {
    state: () => readyUpdate,
    check: async () => readyUpdate,
    restart: () => {},
    onChange: () => () => {},
  },
};

const cleanups: (() => unknown)[] = [];
let core: Core;
let sandbox: Sandbox;
const answers = new Map<Channel, unknown>();

async function answer<C extends Channel>(channel: C, context: Context): Promise<unknown> {
  const result = await core.router.handle(channel, REQUESTS[channel](context));
  if (!result.ok) throw new Error(`${channel} failed: ${result.error.message}`);
  return result.value;
}

/** Polls until `read` answers something other than null (outside a test, where expect.poll is not). */
async function eventually<T>(read: () => Promise<T | null>, what: string): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await read();
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function settled(): Promise<void> {
  await core.router.handle('sync:now', {});
  await eventually(async () => {
    const listed = await core.router.handle('outbox:list', {});
    return listed.ok && (listed.value as { items: unknown[] }).items.length === 0 ? true : null;
  }, 'the outbox to empty');
}

beforeAll(async () => {
  sandbox = await startSandbox({
    users: [
      { contactId: 'ada', token: 'ada-token' },
      { contactId: 'grace', token: 'grace-token' },
    ],
  });
  cleanups.push(() => sandbox.close());
  ({ core } = await signedOutCore(cleanups, { deps: { desktop: desktopWithUpdate } }));

  const context: Context = {
    sandbox,
    conversationId: '',
    messageId: '',
    outboxId: 0,
    receiverUrl: '',
    activityId: '',
    refusedId: '',
    keptId: 0,
  };
  for (const channel of Object.keys(REQUESTS) as Channel[]) {
    if (channel === 'outbox:list' || channel === 'outbox:discard') {
      // A write the server refuses (no such contact) stays in the outbox as failed.
      if (channel === 'outbox:list') {
        await core.router.handle('conversations:create', { contactId: 'nobody-by-that-name' });
      }
      await eventually(async () => {
        const listed = (await answer('outbox:list', context)) as {
          items: { id: number; state: string }[];
        };
        return listed.items.find((item) => item.state === 'failed')?.id ?? null;
      }, 'a failed write');
    }
    if (channel === 'conversations:retarget') {
      const refused = await core.router.handle('conversations:create', {
        contactId: 'nobody-else-either',
      });
      if (!refused.ok) throw new Error(refused.error.message);
      context.refusedId = (refused.value as { conversationId: string }).conversationId;
      await eventually(async () => {
        const listed = (await answer('outbox:list', context)) as {
          items: { conversationId: string; state: string }[];
        };
        const entry = listed.items.find((item) => item.conversationId === context.refusedId);
        return entry?.state === 'failed' ? true : null;
      }, 'the refused conversation');
    }
    if (channel === 'unsent:listKept') {
      await core.router.handle('drafts:set', { conversationId: 'gone-elsewhere', text: 'kept' });
    }
    if (channel === 'session:useDemo') await settled();
    if (channel === 'webhooks:status') {
      await eventually(async () => {
        const status = (await answer('webhooks:status', context)) as { listening: boolean };
        return status.listening ? true : null;
      }, 'the receiver to listen');
    }
    if (channel === 'activity:list') {
      const ca = ((await answer('webhooks:exportCertificate', context)) as { pem: string }).pem;
      const event = notification('order.created', { id: 'ord_1', number: 'SO-1' });
      const delivered = await deliver(context.receiverUrl, ca, signedDelivery(event));
      if (delivered.status !== 200) throw new Error(`delivery answered ${delivered.status}`);
      await eventually(async () => {
        const listed = (await answer('activity:list', context)) as { total: number };
        return listed.total > 0 ? true : null;
      }, 'the delivered activity');
    }
    const value = await answer(channel, context);
    answers.set(channel, value);

    if (channel === 'conversations:create') {
      context.conversationId = (value as { conversationId: string }).conversationId;
      await settled();
      const listed = (await answer('conversations:list', context)) as { items: { id: string }[] };
      context.conversationId = listed.items[0]?.id ?? '';
    }
    if (channel === 'messages:send') {
      await settled();
      const page = (await answer('messages:page', context)) as { items: { id: string }[] };
      context.messageId = page.items.at(-1)?.id ?? '';
    }
    if (channel === 'outbox:list') {
      const items = (value as { items: { id: number; state: string }[] }).items;
      context.outboxId = items.find((item) => item.state === 'failed')?.id ?? 0;
    }
    if (channel === 'unsent:listKept') {
      context.keptId = (value as { items: { id: number }[] }).items[0]?.id ?? 0;
    }
    if (channel === 'webhooks:status') context.receiverUrl = (value as { url: string }).url;
    if (channel === 'activity:list') {
      context.activityId = (value as { items: { id: string }[] }).items[0]?.id ?? '';
    }
  }
}, 120_000);

afterAll(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

describe('every IPC answer is exactly what the contract declares', () => {
  it('has a request for every channel, and each one succeeded', () => {
    expect([...answers.keys()].sort()).toEqual([...CHANNEL_NAMES].sort());
  });

  it.each(CHANNEL_NAMES)(
    '%s answers what its response schema declares, and nothing more',
    (channel) => {
      expect(responseProblems(channels[channel].response, answers.get(channel))).toEqual([]);
    },
  );

  it('answers a refusal as exactly the error shape', async () => {
    const refused = await core.router.handle('conversations:get', { id: 42 });
    expect(refused.ok).toBe(false);
    expect(responseProblems(z.object({ ok: z.literal(false), error: ipcError }), refused)).toEqual(
      [],
    );
  });

  it('would notice a field the contract does not declare, such as a token', () => {
    const session = { state: 'signed-in', baseUrl: null, demo: false, selfName: null };
    expect(undeclaredPaths(channels['session:get'].response, { ...session, token: 'x' })).toEqual([
      '$.token',
    ]);
    const listed = { items: [{ ...answers.get('conversations:get')!, secret: 1 }], total: 1 };
    expect(undeclaredPaths(channels['conversations:list'].response, listed)).toEqual([
      '$.items[0].secret',
    ]);
  });
});
