import { spawn, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * `npm start`, after the build: runs Electron on this folder. The electron
 * package downloads its binary on first use; where that download cannot
 * happen (an offline machine, a blocked host), this says so in one line,
 * points to `npm run preview`, and exits 1, instead of Electron's stack trace.
 */
const ROOT = join(import.meta.dirname, '..');
const electronDir = dirname(createRequire(import.meta.url).resolve('electron/package.json'));
const DOWNLOAD_TIMEOUT_MS = 10 * 60_000;

function installedBinary(): string | null {
  const pathFile = join(electronDir, 'path.txt');
  if (!existsSync(pathFile)) return null;
  const binary = join(electronDir, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary) ? binary : null;
}

/** The first error line the download printed, as the reason. */
function reason(install: SpawnSyncReturns<string>): string {
  if (install.error) return install.error.message;
  const line = `${install.stderr}\n${install.stdout}`
    .split('\n')
    .map((text) => text.trim())
    .find((text) => /error/i.test(text) && !text.startsWith('at '));
  return (line?.replace(/^\w*Error: /, '') ?? `the download exited with ${install.status}`).slice(
    0,
    160,
  );
}

let binary = installedBinary();
if (binary === null) {
  process.stdout.write('Fetching the Electron binary (first start only)…\n');
  const install = spawnSync(process.execPath, [join(electronDir, 'install.js')], {
    encoding: 'utf8',
    timeout: DOWNLOAD_TIMEOUT_MS,
  });
  binary = installedBinary();
  if (binary === null) {
    process.stderr.write(
      `npm start: Electron's binary could not be downloaded (${reason(install)}); ` +
        '`npm run preview` opens the same app in a browser.\n',
    );
    process.exit(1);
  }
}

const child = spawn(binary, [ROOT, ...process.argv.slice(2)], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
