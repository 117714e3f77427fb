import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createCore, type Core } from '../core/create-core.ts';
import {
  confStore,
  consoleLogger,
  fileVault,
  recordingNotifier,
} from '../core/ports/node-adapters.ts';
import type { Logger } from '../core/ports/ports.ts';
import { startPreviewServer } from './preview-server.ts';

const USAGE =
  'usage: [PARLEY_TOKEN=...] npm run preview -- [--base-url URL] [--port P] [--data-dir DIR]';

/**
 * With --base-url the preview signs in there (token from PARLEY_TOKEN, never
 * argv); without it, it opens the embedded demo workspace like `npm start`.
 * A failed sign-in is reported and the page opens on the sign-in screen.
 */
async function openWorkspace(core: Core, baseUrl: string | undefined, log: Logger) {
  try {
    if (baseUrl === undefined) {
      if (!core.session.get().demo || core.session.get().state !== 'signed-in') {
        await core.session.useDemo();
      }
      return;
    }
    const token = process.env.PARLEY_TOKEN;
    if (!token) {
      process.stderr.write('preview: PARLEY_TOKEN is not set; sign in from the page\n');
      return;
    }
    await core.session.signIn(baseUrl, token);
  } catch (error) {
    log.warn('could not open the workspace', { error: (error as Error).message });
    process.stderr.write(`preview: ${(error as Error).message}\n`);
  }
}

async function main() {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        'base-url': { type: 'string' },
        port: { type: 'string', default: '0' },
        'data-dir': { type: 'string', default: '.parley-data/preview' },
      },
    }));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${USAGE}\n`);
    process.exit(2);
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    process.stderr.write(`--port must be a port number\n${USAGE}\n`);
    process.exit(2);
  }
  const dataDir = resolve(values['data-dir']);
  await mkdir(dataDir, { recursive: true });

  const log = consoleLogger('preview', true);
  const core = createCore({
    dataDir,
    vault: fileVault(dataDir),
    preferences: confStore(dataDir),
    notifier: recordingNotifier(),
    openExternal: async (url) => log.info('would open in the system browser', { url }),
    log,
    demo: () =>
      import('../sandbox/demo-process/child-process-demo.ts').then(
        (module) => module.childProcessDemo,
      ),
  });
  await openWorkspace(core, values['base-url'], log);
  await core.start();
  const server = await startPreviewServer({
    core,
    staticDir: resolve(import.meta.dirname, '../../dist/renderer'),
    port,
  });
  process.stdout.write(`preview: ${server.url}\n`);

  const stop = async () => {
    try {
      await server.close();
      await core.stop();
    } catch (error) {
      process.stderr.write(`preview: did not stop cleanly: ${(error as Error).message}\n`);
      process.exitCode = 1;
    }
    process.exit();
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

await main();
