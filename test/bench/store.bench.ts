/**
 * Local database benchmark: bulk upsert of 1,000,000 messages, then the reads
 * the renderer makes on every scroll and keystroke, each beside a baseline
 * measured in the same run (the same query without its index, or a LIKE scan
 * for search); last, the removal of its longest conversation.
 * Run: npx node test/bench/store.bench.ts [messages]
 */
import os from 'node:os';
import { join } from 'node:path';
import type { ConversationFilter } from '../../shared/model/conversation.ts';
import { recomputeConversationDerived } from '../../main/core/store/conversation-derived.ts';
import { listConversations } from '../../main/core/store/conversation-queries.ts';
import { openDatabase, transaction, type Database } from '../../main/core/store/database.ts';
import { pageMessages } from '../../main/core/store/message-queries.ts';
import { removeConversation, upsertMessage } from '../../main/core/store/record-upserts.ts';
import { purgeMessagesChunk } from '../../main/core/store/message-purge.ts';
import { ChangeBatch } from '../../main/core/events/change-batch.ts';
import { searchMessages } from '../../main/core/store/search-queries.ts';
import { apiMessage, seedContact, seedConversation } from '../support/store-fixtures.ts';
import { makeTempDir, removeTempDir } from '../support/temp-dir.ts';

const MESSAGES = Number(process.argv[2] ?? 1_000_000);
const CONVERSATIONS = 10_000;
const CONTACTS = 2_000;
const BATCH = 10_000;
/** One long thread, as a busy group has; the rest share the remaining messages. */
const BIG_THREAD = Math.min(100_000, MESSAGES / 10);

// A fixed seed, so every run measures the same data.
let state = 42;
const random = () => {
  state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
  return state / 2_147_483_648;
};

const SYLLABLES = ['ka', 'lo', 'mi', 'ne', 'ru', 'sa', 'ti', 'vo', 'ze', 'pa', 'qu', 'di'];
const VOCABULARY = Array.from({ length: 5_000 }, (_, index) => {
  let word = '';
  for (let n = index + SYLLABLES.length; n > 0; n = Math.floor(n / SYLLABLES.length)) {
    word += SYLLABLES[n % SYLLABLES.length];
  }
  return word;
});
/** Zipf-like: a few words are everywhere, most are rare, as in real chat. */
const word = () => VOCABULARY[Math.floor(VOCABULARY.length * random() ** 3)] as string;
const sentence = () => Array.from({ length: 4 + Math.floor(random() * 14) }, word).join(' ');

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] as number;
}

function measure(runs: number, work: (run: number) => void): { p50: number; p99: number } {
  for (let run = 0; run < Math.min(5, runs); run++) work(run);
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const start = performance.now();
    work(run);
    times.push(performance.now() - start);
  }
  return summary(times);
}

/** As measure, for work that settles later (a search reads through a promise). */
async function measureSettled(runs: number, work: (run: number) => Promise<unknown>) {
  for (let run = 0; run < Math.min(5, runs); run++) await work(run);
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const start = performance.now();
    await work(run);
    times.push(performance.now() - start);
  }
  return summary(times);
}

function summary(times: number[]): { p50: number; p99: number } {
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

const rows: string[][] = [];
function report(
  name: string,
  result: { p50: number; p99: number },
  baseline: { p50: number; p99: number },
) {
  const ms = (value: number) => value.toFixed(3);
  rows.push([name, ms(result.p50), ms(result.p99), ms(baseline.p50), ms(baseline.p99)]);
  console.log(
    `${name.padEnd(34)} p50 ${ms(result.p50).padStart(8)} ms  p99 ${ms(result.p99).padStart(8)} ms` +
      `   baseline p50 ${ms(baseline.p50).padStart(9)} ms  p99 ${ms(baseline.p99).padStart(9)} ms`,
  );
}

function populate(db: Database): void {
  for (let index = 0; index < CONTACTS; index++) {
    seedContact(db, { id: `ct_${index}`, username: `user${index}`, seenAt: index });
  }
  transaction(db, () => {
    for (let index = 0; index < CONVERSATIONS; index++) {
      const group = random() < 0.3;
      seedConversation(db, {
        id: `cv_${index}`,
        contactId: group ? null : `ct_${index % CONTACTS}`,
        groupId: group ? `gr_${index % 50}` : null,
        isPinned: random() < 0.05,
        isMuted: random() < 0.1,
        archivedAt: random() < 0.2 ? 1_600_000_000_000 : null,
        createdAt: 1_600_000_000_000 + index,
        readUpTo: 1_700_000_000_000,
      });
    }
  });
}

function upsertMessages(db: Database, count: number, idOffset: number): number {
  const start = performance.now();
  for (let from = 0; from < count; from += BATCH) {
    const touched = new Set<string>();
    transaction(db, () => {
      for (let index = from; index < Math.min(count, from + BATCH); index++) {
        const number = index + idOffset;
        // Sync stores a thread's messages a page at a time, so neighbours share a conversation.
        const conversationId =
          number < BIG_THREAD
            ? 'cv_0'
            : `cv_${1 + (Math.floor((number - BIG_THREAD) / 50) % (CONVERSATIONS - 1))}`;
        touched.add(conversationId);
        const own = number % 3 === 0;
        upsertMessage(
          db,
          apiMessage({
            id: `msg_${number}`,
            conversationId,
            senderId: `ct_${number % CONTACTS}`,
            text: sentence(),
            reactions: number % 10 === 0 ? { '👍': [`user${number % CONTACTS}`] } : {},
            createdAt: 1_650_000_000_000 + number * 1_000,
          }),
          own,
        );
      }
      for (const id of touched) recomputeConversationDerived(db, id);
    });
  }
  return performance.now() - start;
}

const dir = makeTempDir('parley-store-bench-');
try {
  const db = openDatabase(join(dir, 'bench.db'));
  populate(db);
  const insertMs = upsertMessages(db, MESSAGES, 0);
  console.log(
    `upsert ${MESSAGES.toLocaleString('en')} new messages: ${(insertMs / 1000).toFixed(1)} s ` +
      `(${Math.round(MESSAGES / (insertMs / 1000)).toLocaleString('en')} messages/s, with FTS and derived columns)`,
  );
  const updateCount = Math.min(50_000, MESSAGES);
  const updateMs = upsertMessages(db, updateCount, 0);
  console.log(
    `upsert ${updateCount.toLocaleString('en')} existing messages: ${(updateMs / 1000).toFixed(1)} s ` +
      `(${Math.round(updateCount / (updateMs / 1000)).toLocaleString('en')} messages/s)`,
  );
  db.exec('ANALYZE');

  const threadIds = ['cv_0', ...Array.from({ length: 99 }, (_, i) => `cv_${1 + i * 97}`)];
  const bigThreadCursors = Array.from(
    { length: 100 },
    (_, i) => `msg_${Math.floor((BIG_THREAD * (i + 0.5)) / 100)}`,
  );
  const threadBaseline = db.prepare(
    `SELECT * FROM messages NOT INDEXED WHERE conversation_id = ?
     ORDER BY created_at DESC, id DESC LIMIT 51`,
  );
  // A message's key is its creation time times 2^20 (store/search-order.ts): past 2^53.
  threadBaseline.setReadBigInts(true);
  report(
    'thread page: newest 50',
    measure(1_000, (run) =>
      pageMessages(db, { conversationId: threadIds[run % threadIds.length] as string, limit: 50 }),
    ),
    measure(10, (run) => threadBaseline.all(threadIds[run % threadIds.length] as string)),
  );
  report(
    'thread page: 50 before, deep history',
    measure(1_000, (run) =>
      pageMessages(db, {
        conversationId: 'cv_0',
        before: bigThreadCursors[run % bigThreadCursors.length],
        limit: 50,
      }),
    ),
    measure(10, () => threadBaseline.all('cv_0')),
  );

  const listBaseline = (filter: string) =>
    db.prepare(
      `SELECT * FROM conversations NOT INDEXED WHERE ${filter}
       ORDER BY is_pinned DESC, sort_at DESC, id LIMIT 50 OFFSET ?`,
    );
  const baselineFilters: Record<ConversationFilter, string> = {
    all: 'is_archived = 0',
    unread: 'is_archived = 0 AND unread_count > 0',
    pinned: 'is_archived = 0 AND is_pinned = 1',
    muted: 'is_archived = 0 AND is_muted = 1',
    archived: 'is_archived = 1',
  };
  for (const filter of ['all', 'unread', 'pinned', 'muted', 'archived'] as const) {
    const baseline = listBaseline(baselineFilters[filter]);
    report(
      `conversation list: ${filter}`,
      measure(1_000, (run) => listConversations(db, { filter, offset: (run % 4) * 50, limit: 50 })),
      measure(50, (run) => baseline.all((run % 4) * 50)),
    );
  }
  const groupBaseline = listBaseline('is_archived = 0 AND group_id = ?');
  report(
    'conversation list: one group',
    measure(1_000, (run) =>
      listConversations(db, { filter: 'all', groupId: `gr_${run % 50}`, offset: 0, limit: 50 }),
    ),
    measure(50, (run) => groupBaseline.all(`gr_${run % 50}`, 0)),
  );

  const likeBaseline = db.prepare(
    `SELECT id FROM messages WHERE text LIKE ? ORDER BY created_at DESC LIMIT 51`,
  );
  const searches = [
    { name: 'rare word', terms: () => VOCABULARY[4_000 + Math.floor(random() * 900)] as string },
    { name: 'common word', terms: () => VOCABULARY[Math.floor(random() * 20)] as string },
    { name: 'two words', terms: () => `${word()} ${word()}` },
    // Three letters are never a whole word here (words are two-letter syllables): a prefix search.
    {
      name: 'unfinished word (prefix)',
      terms: () => (VOCABULARY[200 + Math.floor(random() * 4_000)] as string).slice(0, 3),
    },
    {
      name: 'stem of a common word (prefix)',
      terms: () => (VOCABULARY[Math.floor(random() * 12)] as string).slice(0, 3),
    },
  ];
  for (const search of searches) {
    const queries = Array.from({ length: 200 }, search.terms);
    report(
      `FTS search: ${search.name}`,
      await measureSettled(200, (run) =>
        searchMessages(db, {
          query: queries[run % queries.length] as string,
          offset: 0,
          limit: 50,
        }),
      ),
      measure(3, (run) => likeBaseline.all(`%${(queries[run] as string).split(' ')[0]}%`)),
    );
  }

  // "Search in conversation": a rowid lookup per match, so a conversation where the word is
  // rare among many matches elsewhere walks to its own (baseline: the same words everywhere).
  const inConversation = [
    { name: 'common word, the long thread', conversationId: () => 'cv_0' },
    {
      name: 'common word, a conversation of ~100',
      conversationId: () => `cv_${1 + Math.floor(random() * (CONVERSATIONS - 1))}`,
    },
  ];
  for (const scope of inConversation) {
    const queries = Array.from({ length: 50 }, () => VOCABULARY[Math.floor(random() * 20)]!);
    const ids = Array.from({ length: 50 }, scope.conversationId);
    report(
      `FTS search in one conversation: ${scope.name}`,
      await measureSettled(50, (run) =>
        searchMessages(db, {
          query: queries[run % 50]!,
          conversationId: ids[run % 50],
          offset: 0,
          limit: 50,
        }),
      ),
      await measureSettled(50, (run) =>
        searchMessages(db, { query: queries[run % 50]!, offset: 0, limit: 50 }),
      ),
    );
  }

  // What one query could cost before the caps: every term (up to 16) and a prefix of any length.
  const uncapped = db.prepare(
    `SELECT rowid FROM messages_fts WHERE messages_fts MATCH ? ORDER BY rowid DESC LIMIT 51`,
  );
  uncapped.setReadBigInts(true);
  const uncappedExpression = (query: string) => {
    const terms = query.split(/\s+/).filter(Boolean).slice(0, 16);
    return `${terms.map((term) => `"${term}"`).join(' ')}*`;
  };
  const common = (count: number) => VOCABULARY.slice(0, count).join(' ');
  const hostile = [
    { name: 'one-letter stem', query: () => 'k' },
    { name: 'two-letter stem', query: () => 'ka' },
    { name: '16 one-letter words', query: () => 'k l m n r s t v z p q d k l m n' },
    { name: '16 common words', query: () => common(16) },
    { name: '8 common words and a letter', query: () => `${common(8)} k` },
  ];
  console.log(`hostile searches (baseline: the same query uncapped), load ${loadAverage()}`);
  for (const search of hostile) {
    report(
      `FTS search: ${search.name}`,
      await measureSettled(50, () =>
        searchMessages(db, { query: search.query(), offset: 0, limit: 50 }),
      ),
      measure(20, () => uncapped.all(uncappedExpression(search.query()))),
    );
  }
  removeLongConversation(db);
  db.close();
} finally {
  removeTempDir(dir);
}

function loadAverage(): string {
  return os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
}

/**
 * The long thread removed, as a conversation the server no longer has: how
 * long the main thread is held, a transaction at a time (message-purge.ts),
 * beside one DELETE of all its messages in the removal's transaction, as
 * before (rolled back, so the same rows are then removed).
 */
function removeLongConversation(db: Database): void {
  const count = (
    db.prepare(`SELECT COUNT(*) AS n FROM messages WHERE conversation_id = 'cv_0'`).get() as {
      n: number;
    }
  ).n;
  // As in the app, whose checkpointer copies the log back on a thread of its own (checkpointer.ts).
  db.exec('PRAGMA wal_autocheckpoint = 0');
  db.exec('BEGIN');
  const deleteStarted = performance.now();
  db.prepare(`DELETE FROM messages WHERE conversation_id = 'cv_0'`).run();
  const oneDeleteMs = performance.now() - deleteStarted;
  db.exec('ROLLBACK');
  const holds: number[] = [];
  const timed = (work: () => unknown) => {
    const started = performance.now();
    const result = work();
    holds.push(performance.now() - started);
    return result;
  };
  timed(() => transaction(db, () => removeConversation(db, 'cv_0', new ChangeBatch())));
  while (timed(() => purgeMessagesChunk(db)));
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const sorted = holds.toSorted((a, b) => a - b);
  console.log(
    `removing a conversation of ${count.toLocaleString('en')} messages: main thread held ` +
      `p50 ${ms(percentile(sorted, 50))}, p99 ${ms(percentile(sorted, 99))}, ` +
      `max ${ms(sorted.at(-1) ?? 0)} a transaction, ${holds.length} transactions, ` +
      `${ms(holds.reduce((sum, hold) => sum + hold, 0))} in all ` +
      `(baseline, one DELETE in the removal's transaction: ${ms(oneDeleteMs)}), load ${loadAverage()}`,
  );
}
