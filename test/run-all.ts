import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * `npm test`: every suite that can run here, then one closing line
 * `N passed, N failed, N skipped` summed from the suites' JUnit reports
 * (CI reads that line; vitest's and Playwright's own summaries are not read).
 */
const ROOT = resolve(import.meta.dirname, '..');
const REPORTS = resolve(ROOT, 'test/.reports');
rmSync(REPORTS, { recursive: true, force: true });
mkdirSync(REPORTS, { recursive: true });

const bin = (name: string) => resolve(ROOT, 'node_modules/.bin', name);
const run = (label: string, command: string, args: string[]) => {
  process.stdout.write(`\n── ${label} ──\n`);
  return spawnSync(command, args, { cwd: ROOT, stdio: 'inherit' }).status ?? 1;
};

const exitCodes = [
  run('build the renderer for the end-to-end tests', bin('vite'), ['build', '--logLevel', 'warn']),
  run('unit and integration tests (vitest)', bin('vitest'), [
    'run',
    '--reporter=default',
    '--reporter=junit',
    `--outputFile.junit=${resolve(REPORTS, 'unit.xml')}`,
  ]),
  run('end-to-end tests (Playwright, Chromium)', bin('playwright'), ['test']),
];

const totals = { tests: 0, failed: 0, skipped: 0 };
for (const file of ['unit.xml', 'e2e.xml']) {
  let xml = '';
  try {
    xml = readFileSync(resolve(REPORTS, file), 'utf8');
  } catch {
    process.stdout.write(`no report ${file}: that suite did not run to the end\n`);
    totals.failed += 1;
    continue;
  }
  for (const [suite] of xml.matchAll(/<testsuite\s[^>]*>/g)) {
    const attribute = (name: string) =>
      Number(new RegExp(`\\s${name}="(\\d+)"`).exec(suite)?.[1] ?? 0);
    totals.tests += attribute('tests');
    totals.failed += attribute('failures') + attribute('errors');
    totals.skipped += attribute('skipped');
  }
}

const passed = totals.tests - totals.failed - totals.skipped;
const failedRunner = exitCodes.some((code) => code !== 0);
const failed = totals.failed === 0 && failedRunner ? 1 : totals.failed;
process.stdout.write(`\n${passed} passed, ${failed} failed, ${totals.skipped} skipped\n`);
process.exit(failed > 0 || failedRunner ? 1 : 0);
