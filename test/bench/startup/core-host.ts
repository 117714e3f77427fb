import { shellLikeCore } from '../../support/shell-like-core.ts';

/**
 * The core as the shell builds it, less Electron: plain-Node ports and the
 * demo's services behind a dynamic import. The startup benchmark bundles this
 * file as the app's main process is bundled and times a process from its
 * start to the answer of its first IPC call, the moment a window could show
 * local data. Run: node <bundle> <data dir>
 */
const dataDir = process.argv[2];
if (dataDir === undefined) throw new Error('usage: core-host <data dir>');
const core = shellLikeCore(dataDir);
const answer = await core.router.handle('session:get', {});
process.stdout.write(`${JSON.stringify({ firstAnswerMs: performance.now(), ok: answer.ok })}\n`);
process.exit(0);
