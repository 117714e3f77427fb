/**
 * Sandbox service benchmark: list and get latency over real HTTP with
 * 1,000,000 messages in 10,000 conversations, seeded in bulk through the
 * sandbox's own database layer, beside a baseline measured in the same run:
 * the same requests against a tiny workspace (100 messages), which is the
 * floor that HTTP, validation and JSON cost. (An unindexed copy cannot serve
 * as the baseline: opening the database restores the indexes.)
 * Run: npx node test/bench/sandbox.bench.ts [messages]
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { openSandboxDatabase } from '../../main/sandbox/store/database.ts';
import { newId } from '../../main/sandbox/store/ids.ts';
import { makeTempDir, removeTempDir } from '../support/temp-dir.ts';

const CLI = resolve(import.meta.dirname, '../../main/sandbox/sandbox-cli.ts');
const MESSAGES = Number(process.argv[2] ?? 1_000_000);
const CONVERSATIONS = Math.min(10_000, Math.max(1, Math.floor(MESSAGES / 10)));
const USER = { contactId: 'you', token: 'bench-token' };
const SAMPLES = 1_000;
const YEAR = 365 * 24 * 60 * 60;

let state = 7;
const random = () => {
  state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
  return state / 2_147_483_648;
};
const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)] as T;

interface Seeded {
  conversationIds: string[];
  messageIds: string[];
}

/** Bulk insert through the sandbox's database: threads, one side each, and the user's copies. */
function seed(file: string, messages: number, conversations: number): Seeded {
  const database = openSandboxDatabase(file);
  const now = Math.floor(Date.now() / 1000);
  const conversationIds: string[] = [];
  const messageIds: string[] = [];
  const { statement } = database;
  database.transaction(() => {
    statement(
      `INSERT INTO contacts (id, username, phone_number, avatar_url, last_active_at, created_at)
       VALUES (?, ?, '+15550000000', 'https://example.com/a.png', ?, ?)`,
    ).run(USER.contactId, USER.contactId, now, now - YEAR);
    for (let index = 0; index < conversations; index += 1) {
      const contact = `contact${index}`;
      const createdAt = now - YEAR + Math.floor((index / conversations) * YEAR);
      const id = newId('conv', createdAt * 1000);
      conversationIds.push(id);
      statement(
        `INSERT INTO contacts (id, username, phone_number, avatar_url, last_active_at, created_at)
         VALUES (?, ?, '+15550000001', 'https://example.com/b.png', ?, ?)`,
      ).run(contact, contact, now, createdAt);
      statement(
        'INSERT INTO threads (id, contact_a, contact_b, created_at) VALUES (?, ?, ?, ?)',
      ).run(id, contact, USER.contactId, createdAt);
      statement(
        `INSERT INTO memberships (owner_id, conversation_id, contact_id, is_muted, is_pinned,
           last_active_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        USER.contactId,
        id,
        contact,
        Number(index % 7 === 0),
        Number(index % 50 === 0),
        now,
        createdAt,
      );
    }
    const insert = statement(
      `INSERT INTO messages (owner_id, id, conversation_id, sender_id, body, read_at, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    );
    for (let index = 0; index < messages; index += 1) {
      const conversation = index % conversations;
      const createdAt = now - YEAR + Math.floor((index / messages) * YEAR);
      const id = newId('msg', createdAt * 1000);
      if (index % 100 === 0) messageIds.push(id);
      const sender = index % 2 === 0 ? USER.contactId : `contact${conversation}`;
      insert.run(
        USER.contactId,
        id,
        conversationIds[conversation] as string,
        sender,
        `message ${index}`,
        createdAt,
        createdAt,
      );
    }
  });
  database.close();
  return { conversationIds, messageIds };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] as number;

type Request = (seeded: Seeded) => string;

const REQUESTS: [string, Request][] = [
  ['list conversations', () => '/v1/conversations'],
  ['list conversations muted=true', () => '/v1/conversations?muted=true'],
  [
    'list messages of a conversation',
    (s) => `/v1/messages?conversation_id=${pick(s.conversationIds)}`,
  ],
  [
    'list messages, page after a cursor',
    (s) => `/v1/messages?limit=50&starting_after=${pick(s.messageIds)}`,
  ],
  ['list all messages (feed)', () => '/v1/messages?limit=100'],
  ['get message', (s) => `/v1/messages/${pick(s.messageIds)}`],
  ['get conversation', (s) => `/v1/conversations/${pick(s.conversationIds)}`],
];

/** The sandbox as its own process, as a client meets it: the client's work does not share its thread. */
async function startServer(file: string) {
  const child = spawn(
    process.execPath,
    [
      CLI,
      '--data',
      file,
      '--user',
      `${USER.contactId}:${USER.token}`,
      '--rate-limit',
      '1000000000',
    ],
    { stdio: ['ignore', 'pipe', 'ignore'] },
  );
  const ready = once(createInterface({ input: child.stdout }), 'line') as Promise<[string]>;
  const exited = once(child, 'exit').then(([code]) => {
    throw new Error(`the sandbox exited with ${code} before it was ready`);
  });
  const [line] = await Promise.race([ready, exited]);
  return {
    url: line.replace('sandbox: ', ''),
    stop: async () => {
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}

async function measure(file: string, seeded: Seeded, samples: number) {
  const server = await startServer(file);
  const headers = { authorization: `Bearer ${USER.token}` };
  const results = new Map<string, { p50: number; p99: number }>();
  try {
    for (const [name, request] of REQUESTS) {
      for (let warm = 0; warm < 100; warm += 1) {
        await (await fetch(server.url + request(seeded), { headers })).text();
      }
      const times: number[] = [];
      for (let sample = 0; sample < samples; sample += 1) {
        const started = performance.now();
        const response = await fetch(server.url + request(seeded), { headers });
        await response.text();
        if (response.status !== 200) throw new Error(`${name}: HTTP ${response.status}`);
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      results.set(name, { p50: percentile(times, 50), p99: percentile(times, 99) });
    }
  } finally {
    await server.stop();
  }
  return results;
}

const directory = makeTempDir('parley-sandbox-bench-');
try {
  const bigFile = join(directory, 'big.sqlite');
  const tinyFile = join(directory, 'tiny.sqlite');
  let started = performance.now();
  const big = seed(bigFile, MESSAGES, CONVERSATIONS);
  const seedSeconds = (performance.now() - started) / 1000;
  const tiny = seed(tinyFile, 100, 10);
  console.log(
    `seeded ${MESSAGES.toLocaleString('en')} messages in ${CONVERSATIONS.toLocaleString('en')} conversations in ${seedSeconds.toFixed(1)} s`,
  );

  started = performance.now();
  const indexed = await measure(bigFile, big, SAMPLES);
  const floor = await measure(tinyFile, tiny, SAMPLES);
  console.log(
    `measured in ${((performance.now() - started) / 1000).toFixed(1)} s; target p99 < 20 ms; ` +
      `load average ${loadavg()[0]?.toFixed(1)} (other work on the machine shows in p99)\n`,
  );

  const cell = (value: number | undefined) =>
    (value === undefined ? '-' : value.toFixed(2)).padStart(8);
  const size = `${MESSAGES.toLocaleString('en')} messages`;
  console.log(`${'request'.padEnd(36)}|${size.padStart(16)} | baseline: 100 messages`);
  console.log(`${''.padEnd(36)}|   p50 ms  p99 ms |   p50 ms  p99 ms`);
  for (const [name] of REQUESTS) {
    const big = indexed.get(name);
    const small = floor.get(name);
    console.log(
      `${name.padEnd(36)}|${cell(big?.p50)}${cell(big?.p99)} |${cell(small?.p50)}${cell(small?.p99)}`,
    );
  }
  const worst = Math.max(...[...indexed.values()].map((r) => r.p99));
  console.log(
    `\nworst p99 with ${MESSAGES.toLocaleString('en')} messages: ${worst.toFixed(2)} ms (${worst < 20 ? 'meets' : 'misses'} the 20 ms target)`,
  );
} finally {
  removeTempDir(directory);
}
