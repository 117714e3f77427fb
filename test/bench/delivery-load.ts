/**
 * The load generator of the webhook benchmarks (in-app receiver and relay):
 * signed deliveries sent by `concurrency` senders over keep-alive HTTPS from a
 * worker thread, so the sending has its own event loop and the server under
 * test has the main thread to itself. Also the figures' arithmetic and table.
 */
import { createHmac } from 'node:crypto';
import { Agent, createServer, request } from 'node:https';
import type { AddressInfo } from 'node:net';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { loopDelay, type LoopDelay } from './loop-delay.ts';

export interface SignedDelivery {
  body: string;
  signature: string;
}

interface Load {
  kind: 'delivery-load';
  url: string;
  ca: string;
  concurrency: number;
  deliveries: SignedDelivery[];
}

export interface LoadResult {
  /** CPU time of the server's thread (main thread) during the run, in microseconds. */
  serverCpuUs?: number;
  /** How late the server thread's timers ran during the run. */
  loopDelay?: LoopDelay;
  elapsedMs: number;
  latenciesMs: number[];
  statuses: Record<number, number>;
}

if (!isMainThread && (workerData as Load | undefined)?.kind === 'delivery-load') {
  parentPort?.postMessage(await generateLoad(workerData as Load));
}

/** Signed deliveries with distinct ids: product updates over a few hundred EANs, and orders. */
export function signedDeliveries(run: string, count: number, secret: string): SignedDelivery[] {
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
    return { body, signature: createHmac('sha256', secret).update(body).digest('hex') };
  });
}

/** Sends every delivery to `url`, `concurrency` at a time, from a worker thread. */
function runLoad(
  url: string,
  ca: string,
  concurrency: number,
  deliveries: SignedDelivery[],
): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), {
      workerData: { kind: 'delivery-load', url, ca, concurrency, deliveries } satisfies Load,
    });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

/**
 * Runs a load and adds the main thread's CPU time during it (the server's cost
 * per delivery) and its event-loop delay.
 */
async function measureLoad(
  url: string,
  ca: string,
  concurrency: number,
  deliveries: SignedDelivery[],
): Promise<LoadResult> {
  const cpuBefore = process.threadCpuUsage();
  let result!: LoadResult;
  const delay = await loopDelay(async () => {
    result = await runLoad(url, ca, concurrency, deliveries);
  });
  const cpu = process.threadCpuUsage(cpuBefore);
  return { ...result, serverCpuUs: cpu.user + cpu.system, loopDelay: delay };
}

/** One POST of a signed delivery; resolves with the status. */
export function postDelivery(url: string, delivery: SignedDelivery, agent: Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
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
}

async function generateLoad(load: Load): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: load.concurrency, ca: load.ca });
  const latenciesMs: number[] = [];
  const statuses: Record<number, number> = {};
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: load.concurrency }, async () => {
      while (next < load.deliveries.length) {
        const delivery = load.deliveries[next++] as SignedDelivery;
        const sent = performance.now();
        const status = await postDelivery(load.url, delivery, agent);
        latenciesMs.push(performance.now() - sent);
        statuses[status] = (statuses[status] ?? 0) + 1;
      }
    }),
  );
  const elapsedMs = performance.now() - started;
  agent.destroy();
  return { elapsedMs, latenciesMs, statuses };
}

/**
 * The baseline every delivery benchmark stands beside: an HTTPS server with
 * the same certificate that reads the body and answers 200, nothing more.
 */
export async function startPlainServer(tls: {
  cert: string;
  key: string;
}): Promise<{ origin: string; close(): void }> {
  const server = createServer(tls, (req, res) => {
    req.on('data', () => {});
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `https://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close() {
      server.closeAllConnections();
      server.close();
    },
  };
}

export interface Comparison {
  targets: { name: string; url: string }[];
  ca: string;
  concurrency: number;
  deliveries: number;
  warmup: number;
  secret: string;
}

/**
 * Warms up and measures each target in turn with the same load (each its own
 * notification ids), prints the table, and returns the results by name.
 */
export async function compareTargets(comparison: Comparison): Promise<Record<string, LoadResult>> {
  const { ca, concurrency, secret } = comparison;
  const results: Record<string, LoadResult> = {};
  for (const { name, url } of comparison.targets) {
    await runLoad(
      url,
      ca,
      concurrency,
      signedDeliveries(`warmup ${name}`, comparison.warmup, secret),
    );
    results[name] = await measureLoad(
      url,
      ca,
      concurrency,
      signedDeliveries(name, comparison.deliveries, secret),
    );
  }
  printTable(
    LOAD_HEADER,
    Object.entries(results).map(([name, result]) => summarize(name, result)),
  );
  return results;
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] as number;
}

/** A table row: rate, p50, p99, max, server CPU per delivery, statuses. */
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

const LOAD_HEADER = [
  '',
  'deliveries/s',
  'p50 ms',
  'p99 ms',
  'max ms',
  'server CPU µs each',
  'statuses',
];

export function printTable(header: string[], rows: string[][]) {
  const widths = header.map((_, column) =>
    Math.max(...[header, ...rows].map((row) => (row[column] ?? '').length)),
  );
  for (const row of [header, ...rows]) {
    process.stdout.write(
      `${row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ')}\n`,
    );
  }
}
