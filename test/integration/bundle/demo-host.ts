import { setTimeout as sleep } from 'node:timers/promises';
import { shellLikeCore } from '../../support/shell-like-core.ts';

/**
 * The core as the shell builds it, less Electron, opening the demo workspace:
 * bundled by the test next to it with the options of the app's main process,
 * and run from that bundle under Node. Prints one JSON line: the demo's
 * activity and its relay's state, as they are once the activity has come
 * through the relay (or after 30 s), and the words a malformed request is
 * refused with. Run: node <bundle> <data dir>
 */
const dataDir = process.argv[2];
if (dataDir === undefined) throw new Error('usage: demo-host <data dir>');
const core = shellLikeCore(dataDir);
await core.start();
const ask = async (channel: string, request: unknown) => {
  const answer = await core.router.handle(channel, request);
  if (!answer.ok) throw new Error(`${channel}: ${answer.error.message}`);
  return answer.value as Record<string, unknown>;
};
let report: Record<string, unknown> = {};
for (let waited = 0; waited < 30_000; waited += 200) {
  const [activity, relay] = await Promise.all([
    ask('activity:list', { limit: 1 }),
    ask('relay:status', {}),
  ]);
  report = { activity: activity.total, relays: relay.relays };
  if (Number(activity.total) >= 9) break;
  await sleep(200);
}
const refused = await core.router.handle('conversations:list', { filter: 42, offset: 0, limit: 1 });
report.refused = refused.ok ? null : refused.error.message;
await core.stop();
process.stdout.write(`${JSON.stringify(report)}\n`);
process.exit(0);
