/**
 * Webhook receiver benchmark: verified deliveries per second on loopback and
 * the answer-time percentiles, beside a baseline measured in the same run: a
 * plain HTTPS server with the same certificate that reads the body and answers
 * 200 without verifying or storing anything. The load generator
 * (delivery-load.ts) runs in a worker thread with a keep-alive agent. Besides
 * rates and percentiles, which suffer when other processes share the cores, it
 * prints the server thread's own CPU time per delivery, which does not.
 * Run: npx node test/bench/webhooks.bench.ts [deliveries] [concurrency]
 */
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_SETTINGS } from '../../shared/model/settings.ts';
import {
  memoryVault,
  recordingNotifier,
  silentLogger,
} from '../../main/core/ports/node-adapters.ts';
import { systemClock } from '../../main/core/ports/ports.ts';
import { startCheckpointer } from '../../main/core/store/checkpointer.ts';
import { openDatabase } from '../../main/core/store/database.ts';
import { selfSignedCertificate } from '../../main/core/webhooks/certificate.ts';
import { createWebhookReceiver } from '../../main/core/webhooks/receiver.ts';
import { makeTempDir, removeTempDir } from '../support/temp-dir.ts';
import { compareTargets, percentile, startPlainServer, type LoadResult } from './delivery-load.ts';

const SECRET = 'bench-webhook-secret-0123456789abcdef';
const PATH = '/webhooks/catalogue';
const WARMUP = 300;
const stall = (result: LoadResult) =>
  `p99 ${result.loopDelay?.p99.toFixed(1)} ms, max ${result.loopDelay?.max.toFixed(1)} ms`;

await main();

async function main() {
  const deliveriesCount = Number(process.argv[2] ?? 4_000);
  const concurrency = Number(process.argv[3] ?? 16);
  const dataDir = makeTempDir('parley-webhooks-bench-');
  try {
    const certificate = await selfSignedCertificate(dataDir, Date.now());

    const baseline = await startPlainServer(certificate);

    const dbFile = join(dataDir, 'parley.db');
    const db = openDatabase(dbFile);
    // As in the app: the log is copied back from a worker thread, never inside a commit.
    const checkpoints = startCheckpointer(db, dbFile, systemClock, silentLogger);
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
      `webhook receiver: ${deliveriesCount} deliveries, concurrency ${concurrency}, keep-alive HTTPS on loopback, ` +
        `load average ${loadavg()[0]?.toFixed(1)}\n\n`,
    );
    const results = await compareTargets({
      targets: [
        { name: 'baseline (plain 200)', url: `${baseline.origin}${PATH}` },
        { name: 'receiver (verify+store)', url },
      ],
      ca: certificate.cert,
      concurrency,
      deliveries: deliveriesCount,
      warmup: WARMUP,
      secret: SECRET,
    });

    const stored = (db.prepare('SELECT count(*) AS n FROM activity').get() as { n: number }).n;
    const measured = results['receiver (verify+store)'] as LoadResult;
    const rate = (deliveriesCount / measured.elapsedMs) * 1000;
    const p99 = percentile(measured.latenciesMs, 99);
    process.stdout.write(
      `\nstored: ${stored} of ${deliveriesCount + WARMUP} sent to the receiver\n` +
        `target ≥ 2,000 deliveries/s: ${rate >= 2_000 ? 'met' : 'NOT met'} (${Math.round(rate)})\n` +
        `target p99 < 20 ms: ${p99 < 20 ? 'met' : 'NOT met'} (${p99.toFixed(2)})\n` +
        `one core's worth of server CPU would verify and store ` +
        `${Math.round((deliveriesCount * 1e6) / (measured.serverCpuUs ?? 1))} deliveries/s\n` +
        `main-thread stall during a webhook burst: ${stall(measured)} ` +
        `(baseline, the plain server: ${stall(results['baseline (plain 200)'] as LoadResult)}) ` +
        `[load average ${loadavg()
          .map((value) => value.toFixed(2))
          .join(' ')}]\n`,
    );
    await receiver.stop();
    await checkpoints.stop();
    db.close();
    baseline.close();
  } finally {
    removeTempDir(dataDir);
  }
}
