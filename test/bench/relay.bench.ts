/**
 * Relay benchmark, each figure beside a baseline measured in the same run:
 * - deliveries per second and answer-time percentiles at 16 concurrent
 *   senders (keep-alive HTTPS on loopback): the relay verifying and committing
 *   each (synchronous=FULL) before its 200, beside a plain HTTPS server that
 *   only reads the body and answers 200;
 * - delivery-to-app latency: events sent one at a time while an app long-polls
 *   (wait=30), beside the sender's own 200 (the floor) and an app polling
 *   every second without wait (what the long poll replaces); and the same
 *   through the app's own pull client (main/core/relay), up to the moment it
 *   has stored the event in a local database and announced it.
 * The relay runs on the main thread; senders and apps in worker threads.
 * Run: npx node test/bench/relay.bench.ts [deliveries] [concurrency] [latency events]
 */
import { Agent, request } from 'node:https';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { setTimeout as sleep } from 'node:timers/promises';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { silentLogger, silentNotifier } from '../../main/core/ports/node-adapters.ts';
import { systemClock } from '../../main/core/ports/ports.ts';
import { savePosition } from '../../main/core/relay/relay-cursor.ts';
import { startPulling } from '../../main/core/relay/relay-module.ts';
import { openDatabase } from '../../main/core/store/database.ts';
import { startRelay } from '../../main/relay/relay.ts';
import { DEFAULT_SETTINGS } from '../../shared/model/settings.ts';
import { makeCertificate } from '../sandbox/catalogue/support.ts';
import {
  compareTargets,
  percentile,
  postDelivery,
  printTable,
  signedDeliveries,
  startPlainServer,
  type LoadResult,
} from './delivery-load.ts';
import { makeTempDir, removeTempDir } from '../support/temp-dir.ts';

const SECRET = 'bench-relay-secret-0123456789abcdef';
const TOKEN = 'bench-relay-app-token-0123456789';
const PATH = '/hooks/catalogue';
const WARMUP = 300;

interface LatencyJob {
  kind: 'relay-latency';
  origin: string;
  ca: string;
  events: number;
}

interface LatencyResult {
  answerMs: number[];
  longPollMs: number[];
  pullClientMs: number[];
  everySecondMs: number[];
}

if (isMainThread) {
  await main();
} else if ((workerData as LatencyJob | undefined)?.kind === 'relay-latency') {
  parentPort?.postMessage(await measureLatency(workerData as LatencyJob));
}

async function main() {
  const deliveries = Number(process.argv[2] ?? 4_000);
  const concurrency = Number(process.argv[3] ?? 16);
  const latencyEvents = Number(process.argv[4] ?? 300);
  const dir = makeTempDir('parley-relay-bench-');
  try {
    const tls = await makeCertificate();
    const baseline = await startPlainServer(tls);
    const relay = await startRelay({
      webhookSecret: SECRET,
      tokens: [TOKEN],
      dataFile: join(dir, 'events.db'),
      port: 0,
      tls,
      log: () => {},
    });
    process.stdout.write(
      `relay: ${deliveries} deliveries, concurrency ${concurrency}, keep-alive HTTPS on loopback, ` +
        `load average ${loadAverage()}\n\n`,
    );
    const results = await compareTargets({
      targets: [
        { name: 'baseline (plain 200)', url: `${baseline.origin}${PATH}` },
        { name: 'relay (verify+commit)', url: `${relay.url}${PATH}` },
      ],
      ca: tls.cert,
      concurrency,
      deliveries,
      warmup: WARMUP,
      secret: SECRET,
    });
    const measured = results['relay (verify+commit)'] as LoadResult;
    const rate = (deliveries / measured.elapsedMs) * 1000;
    const disk = commitTimes(join(dir, 'probe.db'));
    process.stdout.write(
      `target ≥ 2,000 deliveries/s: ${rate >= 2_000 ? 'met' : 'NOT met'} (${Math.round(rate)})\n` +
        `(server CPU is the main thread's: TLS, verifying, parsing; the commits run on the store thread)\n` +
        `a bare synchronous=FULL commit on this disk now: p50 ${percentile(disk, 50).toFixed(2)} ms, ` +
        `p99 ${percentile(disk, 99).toFixed(2)} ms\n\n`,
    );

    process.stdout.write(
      `delivery to app: ${latencyEvents} events one at a time, 10–40 ms apart, load average ${loadAverage()}\n\n`,
    );
    const latency = await new Promise<LatencyResult>((resolve, reject) => {
      const worker = new Worker(new URL(import.meta.url), {
        workerData: {
          kind: 'relay-latency',
          origin: relay.url,
          ca: tls.cert,
          events: latencyEvents,
        } satisfies LatencyJob,
      });
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    const row = (name: string, values: number[]) => [
      name,
      String(values.length),
      percentile(values, 50).toFixed(1),
      percentile(values, 99).toFixed(1),
      Math.max(...values).toFixed(1),
    ];
    printTable(
      ['', 'events', 'p50 ms', 'p99 ms', 'max ms'],
      [
        row("sender's 200 (the floor)", latency.answerMs),
        row('app long-polling (wait=30)', latency.longPollMs),
        row("the app's pull client: stored and announced", latency.pullClientMs),
        row('baseline: app polling every 1 s', latency.everySecondMs),
      ],
    );
    const p99 = percentile(latency.pullClientMs, 99);
    process.stdout.write(
      `\ntarget: the app sees an event within 1 s p99: ${p99 < 1_000 ? 'met' : 'NOT met'} (${p99.toFixed(1)} ms through the pull client)\n` +
        `load average at the end ${loadAverage()}\n`,
    );
    await relay.stop();
    baseline.close();
  } finally {
    removeTempDir(dir);
  }
}

/** 200 one-row commits with the relay's settings: what the disk's flush costs right now. */
function commitTimes(file: string): number[] {
  const db = new DatabaseSync(file);
  db.exec(`
    PRAGMA locking_mode = EXCLUSIVE; PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL;
    CREATE TABLE probe (body TEXT NOT NULL);
  `);
  const insert = db.prepare('INSERT INTO probe (body) VALUES (?)');
  const times = Array.from({ length: 200 }, () => {
    const started = performance.now();
    db.exec('BEGIN');
    insert.run('x'.repeat(500));
    db.exec('COMMIT');
    return performance.now() - started;
  });
  db.close();
  return times;
}

function loadAverage(): string {
  return loadavg()
    .map((value) => value.toFixed(2))
    .join(' / ');
}

/**
 * In a worker: one sender posting events one at a time, one app long-polling
 * and one polling every second, each app from the end of what is stored.
 * Each event's latency is from just before its POST to the answer that
 * brought it to the app.
 */
async function measureLatency(job: LatencyJob): Promise<LatencyResult> {
  const agent = new Agent({ keepAlive: true, ca: job.ca });
  const sentAt = new Map<string, number>();
  const result: LatencyResult = {
    answerMs: [],
    longPollMs: [],
    pullClientMs: [],
    everySecondMs: [],
  };

  const start = await endCursor(job.origin, agent);
  const pullClient = await startPullClient(job, start, (ids) => {
    const now = performance.now();
    for (const id of ids) {
      const sent = sentAt.get(id);
      if (sent !== undefined) result.pullClientMs.push(now - sent);
    }
  });
  const app = async (wait: number, into: number[]) => {
    let cursor = start;
    const seen = new Set<string>();
    while (seen.size < job.events) {
      const page = await getEvents(job.origin, agent, `after=${cursor}&limit=500&wait=${wait}`);
      const now = performance.now();
      for (const { id } of page.data) {
        const sent = sentAt.get(id);
        if (sent !== undefined) into.push(now - sent);
        seen.add(id);
      }
      cursor = page.next_cursor;
      if (wait === 0) await sleep(1_000);
    }
  };
  const longPolling = app(30, result.longPollMs);
  const everySecond = app(0, result.everySecondMs);

  for (const delivery of signedDeliveries('latency', job.events, SECRET)) {
    const { id } = JSON.parse(delivery.body) as { id: string };
    const sent = performance.now();
    sentAt.set(id, sent);
    const status = await postDelivery(`${job.origin}${PATH}`, delivery, agent);
    if (status !== 200) throw new Error(`the relay answered ${status}`);
    result.answerMs.push(performance.now() - sent);
    await sleep(10 + Math.random() * 30);
  }
  await Promise.all([longPolling, everySecond, pullClient.received(job.events)]);
  await pullClient.stop();
  agent.destroy();
  return result;
}

/**
 * The app's own pull client on a local database in a temporary folder, from
 * `cursor` on (what came before is not this figure's), telling `onAnnounced`
 * the ids of each `activity` event it raises, once stored. Resolves when it
 * is long-polling.
 */
async function startPullClient(
  job: LatencyJob,
  cursor: string,
  onAnnounced: (ids: string[]) => void,
) {
  const dir = makeTempDir('parley-relay-bench-app-');
  const db = openDatabase(join(dir, 'parley.db'));
  savePosition(db, 'catalogue', job.origin, { cursor, lastEventAt: null });
  let announced = 0;
  let connected: () => void = () => {};
  const listening = new Promise<void>((resolve) => (connected = resolve));
  const puller = startPulling({
    db,
    source: 'catalogue',
    url: job.origin,
    token: { given: TOKEN },
    ca: job.ca,
    host: { online: true, suspended: false },
    clock: systemClock,
    log: silentLogger,
    notifier: silentNotifier,
    getSettings: () => DEFAULT_SETTINGS,
    emit(event) {
      if (event.type !== 'activity') return;
      announced += event.items.length;
      onAnnounced(event.items.map((item) => item.id));
    },
    onStatus: (status) => status.state === 'connected' && connected(),
  });
  await listening;
  return {
    async received(count: number) {
      while (announced < count) await sleep(20);
    },
    async stop() {
      await puller.stop();
      db.close();
      removeTempDir(dir);
    },
  };
}

interface Page {
  data: { id: string }[];
  next_cursor: string;
  has_more: boolean;
}

async function endCursor(origin: string, agent: Agent): Promise<string> {
  let page = await getEvents(origin, agent, 'limit=500');
  while (page.has_more)
    page = await getEvents(origin, agent, `limit=500&after=${page.next_cursor}`);
  return page.next_cursor;
}

function getEvents(origin: string, agent: Agent, query: string): Promise<Page> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${origin}/v1/events?${query}`,
      { agent, headers: { authorization: `Bearer ${TOKEN}` } },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk));
        res.on('end', () =>
          res.statusCode === 200
            ? resolve(JSON.parse(text) as Page)
            : reject(new Error(`pull answered ${res.statusCode}: ${text}`)),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}
