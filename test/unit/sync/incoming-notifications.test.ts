import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type Settings } from '../../../shared/model/settings.ts';
import type { NavigationTarget } from '../../../shared/model/desktop.ts';
import type { ApiMessage } from '../../../main/core/api/messaging-api.ts';
import { recordingNotifier } from '../../../main/core/ports/node-adapters.ts';
import type { Database } from '../../../main/core/store/database.ts';
import {
  announceIncoming,
  planIncoming,
  type NotificationResponses,
} from '../../../main/core/sync/incoming-notifications.ts';
import type { Activity } from '../../../main/core/sync/poller.ts';
import { learnSelf } from '../../../main/core/store/self-identity.ts';
import { memoryDatabase, seedContact, seedConversation } from '../../support/store-fixtures.ts';

const away: Activity = { focused: false, visible: false, openConversationId: null };
let db: Database;

const message = (conversationId: string, text: string, createdAt: number, from = 'ava') =>
  ({
    id: `msg_${conversationId}_${createdAt}`,
    conversationId,
    contact: { id: from, username: from === 'ava' ? 'Ava' : 'Ben' },
    message: text,
    reactions: {},
    attachments: [],
    readAt: null,
    createdAt,
    updatedAt: null,
  }) as unknown as ApiMessage;

const withDesktop = (desktop: Partial<Settings['desktop']>): Settings => ({
  ...DEFAULT_SETTINGS,
  desktop: { ...DEFAULT_SETTINGS.desktop, ...desktop },
});

beforeEach(() => {
  db = memoryDatabase();
  seedContact(db, { id: 'ava', username: 'Ava' });
  seedContact(db, { id: 'ben', username: 'Ben' });
  seedConversation(db, { id: 'c_ava', contactId: 'ava' });
  seedConversation(db, { id: 'c_ben', contactId: 'ben', isMuted: true });
  seedConversation(db, { id: 'c_team', groupId: 'team', localName: 'Shop team' });
  seedConversation(db, { id: 'c_read', contactId: 'ava', readUpTo: 5_000 });
});

describe('what arriving messages notify', () => {
  it('shows the newest message of each conversation under its name, with the count', () => {
    const plan = planIncoming(
      db,
      DEFAULT_SETTINGS,
      away,
      [message('c_ava', 'first', 1_000), message('c_ava', 'are you there?', 2_000)],
      3_000,
    );
    expect(plan).toEqual({
      kind: 'each',
      items: [
        {
          conversationId: 'c_ava',
          notification: {
            title: 'Ava (2 new messages)',
            body: 'are you there?',
            tag: 'conversation:c_ava',
          },
        },
      ],
    });
  });

  it('names the sender in a group', () => {
    const plan = planIncoming(
      db,
      DEFAULT_SETTINGS,
      away,
      [message('c_team', 'stock is in', 1_000)],
      2_000,
    );
    expect(plan.kind === 'each' && plan.items[0]?.notification).toMatchObject({
      title: 'Shop team',
      body: 'Ava: stock is in',
    });
  });

  it('shows a reply by its own words, not the quote it starts with', () => {
    const plan = planIncoming(
      db,
      DEFAULT_SETTINGS,
      away,
      [message('c_team', '> is the stock in?\nYes, all of it', 1_000)],
      2_000,
    );
    expect(plan.kind === 'each' && plan.items[0]?.notification).toMatchObject({
      body: 'Ava: Yes, all of it',
    });
  });

  it('says who wrote but not what when message text is hidden', () => {
    const plan = planIncoming(
      db,
      withDesktop({ hideNotificationText: true }),
      away,
      [message('c_ava', 'the door code is 4411', 1_000)],
      2_000,
    );
    expect(plan.kind === 'each' && plan.items[0]?.notification).toEqual({
      title: 'New message from Ava',
      body: '',
      tag: 'conversation:c_ava',
    });
  });

  it('stays silent for muted conversations, read messages and the conversation open in a focused window', () => {
    const open: Activity = { focused: true, visible: true, openConversationId: 'c_ava' };
    const arriving = [
      message('c_ava', 'on screen', 1_000),
      message('c_ben', 'muted', 1_000, 'ben'),
      message('c_read', 'already read elsewhere', 4_000),
    ];
    expect(planIncoming(db, DEFAULT_SETTINGS, open, arriving, 6_000)).toEqual({ kind: 'none' });
  });

  it('a muted conversation, or a group, speaks of a message that mentions the user by name', () => {
    learnSelf(db, { id: 'me', username: 'sam.lee' } as never);
    seedConversation(db, { id: 'c_muted_team', groupId: 'ops', localName: 'Ops', isMuted: true });
    const plan = planIncoming(
      db,
      DEFAULT_SETTINGS,
      away,
      [
        message('c_ben', 'nothing for you', 1_000, 'ben'),
        message('c_muted_team', 'can @Sam.Lee check the **stock**?', 1_000, 'ben'),
        message('c_muted_team', 'and the rest', 1_500, 'ben'),
        message('c_team', 'cc @sam.lee', 1_000),
      ],
      2_000,
    );
    expect(plan).toEqual({
      kind: 'each',
      items: [
        {
          conversationId: 'c_muted_team',
          notification: {
            title: 'Ben mentioned you in Ops',
            body: 'can @Sam.Lee check the stock?',
            tag: 'conversation:c_muted_team',
          },
        },
        {
          conversationId: 'c_team',
          notification: {
            title: 'Ava mentioned you in Shop team',
            body: 'cc @sam.lee',
            tag: 'conversation:c_team',
          },
        },
      ],
    });
    // An address, or code, is no mention.
    const quiet = planIncoming(
      db,
      DEFAULT_SETTINGS,
      away,
      [message('c_muted_team', 'mail sam.lee@example.com or `@sam.lee`', 3_000, 'ben')],
      4_000,
    );
    expect(quiet).toEqual({ kind: 'none' });
  });

  it('notifies for the open conversation when the window is in the background', () => {
    const behind: Activity = { focused: false, visible: true, openConversationId: 'c_ava' };
    const plan = planIncoming(db, DEFAULT_SETTINGS, behind, [message('c_ava', 'hi', 1_000)], 2_000);
    expect(plan.kind).toBe('each');
  });

  it('stays silent while paused or switched off, and speaks when the pause is over', () => {
    const arriving = [message('c_ava', 'hi', 1_000)];
    const paused = withDesktop({ notificationsPausedUntil: 10_000 });
    expect(planIncoming(db, paused, away, arriving, 9_999)).toEqual({ kind: 'none' });
    expect(planIncoming(db, paused, away, arriving, 10_000).kind).toBe('each');
    const off = { ...DEFAULT_SETTINGS, notifications: false };
    expect(planIncoming(db, off, away, arriving, 2_000)).toEqual({ kind: 'none' });
  });

  it('turns a burst across many conversations (a laptop waking up) into one summary', () => {
    for (const id of ['c_2', 'c_3', 'c_4']) seedConversation(db, { id, contactId: 'ava' });
    const arriving = ['c_ava', 'c_2', 'c_3', 'c_4'].flatMap((id, index) =>
      Array.from({ length: index + 1 }, (_, n) => message(id, `m${n}`, 1_000 + n)),
    );
    expect(planIncoming(db, DEFAULT_SETTINGS, away, arriving, 9_000)).toEqual({
      kind: 'summary',
      notification: { title: 'Parley', body: '10 new messages in 4 conversations', tag: 'summary' },
    });
  });

  it('answers a click, a reply and "Mark as read" with the conversation they belong to', () => {
    const plan = planIncoming(db, DEFAULT_SETTINGS, away, [message('c_ava', 'hi', 1_000)], 2_000);
    const notifier = recordingNotifier();
    const answered: unknown[] = [];
    const responses: NotificationResponses = {
      open: (target: NavigationTarget | null) => answered.push(['open', target]),
      reply: (id, text) => answered.push(['reply', id, text]),
      markRead: (id) => answered.push(['markRead', id]),
    };
    announceIncoming(notifier, plan, responses);
    const [actions] = notifier.actions;
    actions?.click();
    actions?.reply?.('on my way');
    actions?.markRead?.();
    expect(answered).toEqual([
      ['open', { kind: 'conversation', conversationId: 'c_ava' }],
      ['reply', 'c_ava', 'on my way'],
      ['markRead', 'c_ava'],
    ]);
  });

  it('offers no reply or "Mark as read" where no one can answer', () => {
    const plan = planIncoming(db, DEFAULT_SETTINGS, away, [message('c_ava', 'hi', 1_000)], 2_000);
    const notifier = recordingNotifier();
    announceIncoming(notifier, plan, null);
    expect(notifier.actions[0]).toEqual({ click: expect.any(Function) });
  });
});
