import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type {
  ApiContact,
  ApiConversation,
  ApiMessage,
  MessagingApi,
} from '../../main/core/api/messaging-api.ts';
import { createMessagingClient } from '../../main/core/api/messaging-client.ts';
import { silentLogger } from '../../main/core/ports/node-adapters.ts';
import { claimLocalData } from '../../main/core/session/local-data.ts';
import { recomputeConversationDerived } from '../../main/core/store/conversation-derived.ts';
import { openDatabase, transaction, type Database } from '../../main/core/store/database.ts';
import { writeKey } from '../../main/core/store/meta-keys.ts';
import {
  upsertContact,
  upsertConversation,
  upsertMessage,
} from '../../main/core/store/record-upserts.ts';
import { learnSelf } from '../../main/core/store/self-identity.ts';
import { startSandbox } from '../../main/sandbox/sandbox.ts';
import { openSandboxDatabase } from '../../main/sandbox/store/database.ts';
import { newId } from '../../main/sandbox/store/ids.ts';
import { makeTempDir, removeTempDir } from './temp-dir.ts';

/**
 * A signed-in workspace for the UI benchmark: the same conversations and
 * messages on a real sandbox and in the preview's local database, so the
 * preview opens on local data and its sync rounds find nothing to change.
 * The first conversation (the most recently active) holds the long thread;
 * every other conversation holds one message.
 */
export interface UiBenchWorkspace {
  baseUrl: string;
  token: string;
  dataDir: string;
  /** The long thread's contact, which is also the title of the first row. */
  threadTitle: string;
  /** The text of the long thread's newest message. */
  newestText: string;
  /** The title of the second row, a one-message conversation. */
  otherTitle: string;
  close(): Promise<void>;
}

const SELF = 'you';
const TOKEN = 'ui-bench-token-0001';
const SECONDS_BETWEEN_MESSAGES = 30;

const contactName = (i: number) => `contact${String(i).padStart(5, '0')}`;
const threadText = (i: number) =>
  `Thread message ${i}: ${'lorem ipsum dolor sit amet '.repeat(1 + (i % 4))}`;

interface Plan {
  conversations: number;
  threadMessages: number;
  now: number;
}

interface Seeded {
  conversationIds: string[];
  messages: ApiMessage[];
}

/** The sandbox side, written straight into its database as the sandbox benchmark does. */
function seedSandbox(file: string, plan: Plan): Seeded {
  const database = openSandboxDatabase(file);
  const { statement } = database;
  const start = plan.now - plan.threadMessages * SECONDS_BETWEEN_MESSAGES - plan.conversations;
  const conversationIds: string[] = [];
  const messages: ApiMessage[] = [];
  const contacts = new Map<string, ApiContact>();
  const contactOf = (id: string): ApiContact => {
    let contact = contacts.get(id);
    if (!contact) {
      contact = {
        id,
        username: id,
        phoneNumber: '+15550000000',
        avatarUrl: null,
        lastActiveAt: plan.now * 1000,
        createdAt: (start - 86_400) * 1000,
      };
      contacts.set(id, contact);
    }
    return contact;
  };
  database.transaction(() => {
    const contact = statement(
      `INSERT OR IGNORE INTO contacts (id, username, phone_number, avatar_url, last_active_at, created_at)
       VALUES (?, ?, '+15550000000', '', ?, ?)`,
    );
    const thread = statement(
      'INSERT INTO threads (id, contact_a, contact_b, created_at) VALUES (?, ?, ?, ?)',
    );
    const membership = statement(
      `INSERT INTO memberships (owner_id, conversation_id, contact_id, is_muted, is_pinned,
         last_active_at, created_at) VALUES (?, ?, ?, 0, 0, ?, ?)`,
    );
    const message = statement(
      `INSERT INTO messages (owner_id, id, conversation_id, sender_id, body, read_at, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    );
    const addMessage = (conversationId: string, senderId: string, body: string, at: number) => {
      const id = newId('msg', at * 1000);
      message.run(SELF, id, conversationId, senderId, body, at, at);
      messages.push({
        id,
        conversationId,
        contact: contactOf(senderId),
        message: body,
        reactions: {},
        attachments: [],
        readAt: at * 1000,
        createdAt: at * 1000,
        updatedAt: null,
      });
    };
    contact.run(SELF, SELF, plan.now, start - 86_400);
    // Oldest conversation first, so ids and times sort together; the long thread is the newest.
    for (let i = plan.conversations - 1; i >= 0; i--) {
      const at = start + (plan.conversations - 1 - i);
      const name = contactName(i);
      const id = newId('conv', at * 1000);
      conversationIds[i] = id;
      contact.run(name, name, plan.now, start - 86_400);
      thread.run(id, name, SELF, start - 86_400);
      const lastActive = i === 0 ? plan.now : at;
      membership.run(SELF, id, name, lastActive, start - 86_400);
      if (i > 0) addMessage(id, name, `Hello from ${name}`, at);
    }
    const threadId = conversationIds[0] as string;
    for (let i = 0; i < plan.threadMessages; i++) {
      const at = plan.now - (plan.threadMessages - i) * SECONDS_BETWEEN_MESSAGES;
      addMessage(threadId, i % 3 === 0 ? SELF : contactName(0), threadText(i), at);
    }
  });
  database.close();
  return { conversationIds, messages };
}

/**
 * The local side, written by the sync writer's own functions. Conversations and
 * the long thread's newest page come from the sandbox's answers, so their stored
 * raw JSON is what the sync would store and its rounds leave them as they are.
 */
async function seedLocal(db: Database, api: MessagingApi, baseUrl: string, seeded: Seeded) {
  const conversations: ApiConversation[] = [];
  for (let cursor: string | undefined; ;) {
    const page = await api.listConversations({ limit: 100, startingAfter: cursor });
    conversations.push(...page.data);
    if (!page.hasMore || !page.nextCursor) break;
    cursor = page.nextCursor;
  }
  const newest = await api.listMessages({
    conversationId: seeded.conversationIds[0],
    limit: 100,
  });
  const fetched = new Map(newest.data.map((m) => [m.id, m]));
  const now = Date.now();
  transaction(db, () => {
    learnSelf(db, { ...(seeded.messages[0] as ApiMessage).contact, id: SELF, username: SELF });
    for (const conversation of conversations) upsertConversation(db, conversation, false);
    const seen = new Set<string>();
    for (const message of seeded.messages) {
      const stored = fetched.get(message.id) ?? message;
      if (!seen.has(stored.contact.id)) {
        seen.add(stored.contact.id);
        upsertContact(db, stored.contact, now);
      }
      upsertMessage(db, stored, stored.contact.id === SELF);
    }
    db.prepare('UPDATE conversations SET read_up_to = ?').run(now);
    for (const conversation of conversations) recomputeConversationDerived(db, conversation.id);
    writeKey(
      db,
      'sync_state',
      'initial_sync',
      JSON.stringify({
        phase: 'done',
        cursor: null,
        lastConversationId: null,
        perConversation: false,
        pages: 0,
        items: conversations.length + seeded.messages.length,
      }),
    );
    claimLocalData(db, baseUrl);
  });
  if (conversations.length !== seeded.conversationIds.length) {
    throw new Error(`the sandbox listed ${conversations.length} conversations`);
  }
}

export async function seedUiBenchWorkspace(options: {
  conversations: number;
  threadMessages: number;
}): Promise<UiBenchWorkspace> {
  const dir = makeTempDir('parley-ui-bench-');
  const dataDir = join(dir, 'data');
  await mkdir(dataDir);
  const plan = { ...options, now: Math.floor(Date.now() / 1000) - 60 };
  const sandboxFile = join(dir, 'sandbox.db');
  const seeded = seedSandbox(sandboxFile, plan);
  const sandbox = await startSandbox({
    users: [{ contactId: SELF, token: TOKEN }],
    dataFile: sandboxFile,
    rateLimitPerMinute: 1e9,
  });
  const api = createMessagingClient({
    baseUrl: sandbox.url,
    getToken: async () => TOKEN,
    log: silentLogger,
  });
  const db = openDatabase(join(dataDir, 'parley.db'));
  try {
    await seedLocal(db, api, sandbox.url, seeded);
  } finally {
    db.close();
  }
  return {
    baseUrl: sandbox.url,
    token: TOKEN,
    dataDir,
    threadTitle: contactName(0),
    newestText: threadText(plan.threadMessages - 1).trim(),
    otherTitle: contactName(1),
    async close() {
      await sandbox.close();
      removeTempDir(dir);
    },
  };
}
