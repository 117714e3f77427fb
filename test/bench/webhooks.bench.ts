/**
 * Webhook receiver benchmark: verified deliveries per second on loopback and
 * the answer-time percentiles, beside a baseline measured in the same run: a
 * plain HTTPS server with the same certificate that reads the body and answers
 * 200 without verifying or storing anything. The load generator runs in a
 * worker thread (its own event loop) with a keep-alive agent. Besides rates and
 * percentiles, which suffer when other processes share the cores, it prints
 * the server thread's own CPU time per delivery, which does not.
 * Run: npx node test/bench/webhooks.bench.ts [deliveries] [concurrency]
 */
import { createHmac } from 'node:crypto';
import { Agent, createServer, request } from 'node:https';
import { join } from 'node:path';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { DEFAULT_SETTINGS } from '../../shared/model/settings.ts';
import {
  memoryVault,
  recordingNotifier,
  silentLogger,
} from '../../main/core/ports/node-adapters.ts';
import { openDatabase } from '../../main/core/store/database.ts';
import { selfSignedCertificate } from '../../main/core/webhooks/certificate.ts';
import { createWebhookReceiver } from '../../main/core/webhooks/receiver.ts';
import { makeTempDir, removeTempDir } from '../support/temp-dir.ts';

interface Load {
  url: string;
  ca: string;
  concurrency: number;
  deliveries: { body: string; signature: string }[];
}
interface LoadResult {
  /** CPU time of the server's thread (main thread) during the run, in microseconds. */
  serverCpuUs?: number;
  elapsedMs: number;
  latenciesMs: number[];
  statuses: Record<number, number>;
}

const SECRET = 'bench-webhook-secret-0123456789abcdef';
const PATH = '/webhooks/catalogue';
const WARMUP = 300;

if (isMainThread) {
  await main();
} else {
  parentPort?.postMessage(await generateLoad(workerData as Load));
}

async function main() {
  const deliveriesCount = Number(process.argv[2] ?? 4_000);
  const concurrency = Number(process.argv[3] ?? 16);
  const dataDir = makeTempDir('parley-webhooks-bench-');
  try {
    const certificate = await selfSignedCertificate(dataDir, Date.now());

    const baseline = createServer({ cert: certificate.cert, key: certificate.key }, (req, res) => {
      req.on('data', () => {});
      req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
    });
    await new Promise<void>((resolve) => baseline.listen(0, '127.0.0.1', resolve));
    const baselinePort = (baseline.address() as { port: number }).port;

    const db = openDatabase(join(dataDir, 'parley.db'));
    const receiver = createWebhookReceiver({
      db,
      vault: memoryVault({ 'webhook-secret': SECRET }),
      dataDir,
      log: silentLogger,
      emit: () => {},
      notifier: recordingNotifier(),
      getSettings: () => DEFAULT_SETTINGS,
    });
    const { url } = await receiver.start({ host: '127.0.0.1', port: 0, path: PATH });

    process.stdout.write(
      `webhook receiver: ${deliveriesCount} deliveries, concurrency ${concurrency}, keep-alive HTTPS on loopback\n\n`,
    );
    const targets = [
      { name: 'baseline (plain 200)', url: `https://127.0.0.1:${baselinePort}${PATH}` },
      { name: 'receiver (verify+store)', url },
    ];
    const rows: string[][] = [];
    const results: Record<string, LoadResult> = {};
    for (const target of targets) {
      await runLoad(target.url, certificate.cert, concurrency, deliveries('warmup', WARMUP));
      const cpuBefore = process.threadCpuUsage();
      const result = await runLoad(
        target.url,
        certificate.cert,
        concurrency,
        deliveries(target.name, deliveriesCount),
      );
      const cpu = process.threadCpuUsage(cpuBefore);
      result.serverCpuUs = cpu.user + cpu.system;
      results[target.name] = result;
      rows.push(summarize(target.name, result));
    }
    printTable(
      ['', 'deliveries/s', 'p50 ms', 'p99 ms', 'max ms', 'server CPU µs each', 'statuses'],
      rows,
    );

    const stored = (db.prepare('SELECT count(*) AS n FROM activity').get() as { n: number }).n;
    const measured = results['receiver (verify+store)'] as LoadResult;
    const rate = (deliveriesCount / measured.elapsedMs) * 1000;
    const p99 = percentile(measured.latenciesMs, 99);
    process.stdout.write(
      `\nstored: ${stored} of ${deliveriesCount + WARMUP} sent to the receiver\n` +
        `target ≥ 2,000 deliveries/s: ${rate >= 2_000 ? 'met' : 'NOT met'} (${Math.round(rate)})\n` +
        `target p99 < 20 ms: ${p99 < 20 ? 'met' : 'NOT met'} (${p99.toFixed(2)})\n` +
        `one core's worth of server CPU would verify and store ` +
        `${Math.round((deliveriesCount * 1e6) / (measured.serverCpuUs ?? 1))} deliveries/s\n`,
    );
    await receiver.stop();
    db.close();
    baseline.closeAllConnections();
    baseline.close();
  } finally {
    removeTempDir(dataDir);
  }
}

/** Signed deliveries with distinct ids: product updates over a few hundred EANs, and orders. */
function deliveries(run: string, count: number): Load['deliveries'] {
  return Array.from({ length: count }, (_, index) => {
    const timestamp = new Date(Date.UTC(2025, 0, 1) + index * 1_000).toISOString();
    const envelope =
      index % 2 === 0
        ? {
            id: `${run}-${index}`,
            type: 'product.updated',
            timestamp,
            payload: {
              ean: `40063813${String(index % 300).padStart(5, '0')}`,
              name: `Product ${index % 300}`,
              price: `${(index % 97) + 1}.95`,
              type: 'stationery',
              status: index % 7 === 0 ? 'sold-out' : 'available',
              forSale: true,
              updated: timestamp,
            },
          }
        : {
            id: `${run}-${index}`,
            type: 'order.created',
            timestamp,
            payload: {
              id: `ord-${index}`,
              number: `SO-${index}`,
              customerId: `cust-${index % 50}`,
              status: 'open',
              origin: 'shop',
              orderDate: timestamp,
              lines: [{ productEan: '4006381333931', quantity: 2, price: '9.95' }],
            },
          };
    const body = JSON.stringify(envelope);
    return { body, signature: createHmac('sha256', SECRET).update(body).digest('hex') };
  });
}

function runLoad(
  url: string,
  ca: string,
  concurrency: number,
  list: Load['deliveries'],
): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), {
      workerData: { url, ca, concurrency, deliveries: list } satisfies Load,
    });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

async function generateLoad(load: Load): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: load.concurrency, ca: load.ca });
  const latenciesMs: number[] = [];
  const statuses: Record<number, number> = {};
  let next = 0;
  const post = (delivery: Load['deliveries'][number]) =>
    new Promise<number>((resolve, reject) => {
      const req = request(
        load.url,
        {
          method: 'POST',
          agent,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(delivery.body),
            'x-webhook-signature': delivery.signature,
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      req.end(delivery.body);
    });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: load.concurrency }, async () => {
      while (next < load.deliveries.length) {
        const delivery = load.deliveries[next++] as Load['deliveries'][number];
        const sent = performance.now();
        const status = await post(delivery);
        latenciesMs.push(performance.now() - sent);
        statuses[status] = (statuses[status] ?? 0) + 1;
      }
    }),
  );
  const elapsedMs = performance.now() - started;
  agent.destroy();
  return { elapsedMs, latenciesMs, statuses };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] as number;
}

function summarize(name: string, result: LoadResult): string[] {
  const rate = (result.latenciesMs.length / result.elapsedMs) * 1000;
  return [
    name,
    String(Math.round(rate)),
    percentile(result.latenciesMs, 50).toFixed(2),
    percentile(result.latenciesMs, 99).toFixed(2),
    Math.max(...result.latenciesMs).toFixed(2),
    String(Math.round((result.serverCpuUs ?? 0) / result.latenciesMs.length)),
    Object.entries(result.statuses)
      .map(([status, count]) => `${status}×${count}`)
      .join(' '),
  ];
}

function printTable(header: string[], rows: string[][]) {
  const widths = header.map((_, column) =>
    Math.max(...[header, ...rows].map((row) => (row[column] ?? '').length)),
  );
  for (const row of [header, ...rows]) {
    process.stdout.write(
      `${row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ')}\n`,
    );
  }
}
