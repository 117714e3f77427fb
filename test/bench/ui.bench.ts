/**
 * UI benchmark in headless Chromium through the real preview, each figure beside
 * its target and beside a baseline measured in the same run (a small workspace):
 * - conversation list first paint: navigation start to the first conversation row
 *   painted, with the conversations already in the local database;
 * - thread open: click on the conversation to its newest messages painted (the
 *   first page of 50 loaded and on screen);
 * - frame times while the thread scrolls upward at a steady speed, loading older
 *   pages as it goes (p50, p99, worst);
 * - the renderer's JS heap after that scroll, after a garbage collection.
 * The preview is signed in to a real sandbox holding the same data as the local
 * database, so its sync rounds run as in real use and find nothing to change.
 * Run: npx node test/bench/ui.bench.ts [conversations] [thread messages]
 */
import { spawnSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import playwrightConfig from '../../playwright.config.ts';
import { startCommand } from '../support/preview-process.ts';
import {
  readFirstRow,
  readThreadOpen,
  scrollThreadUp,
  watchFirstRow,
  watchThreadOpen,
  type ScrollRun,
} from '../support/ui-bench-probes.ts';
import { seedUiBenchWorkspace, type UiBenchWorkspace } from '../support/ui-bench-seed.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const CONVERSATIONS = Number(process.argv[2] ?? 10_000);
const THREAD_MESSAGES = Number(process.argv[3] ?? 100_000);
const BASELINE = { conversations: 100, threadMessages: 500 };
const LOADS = 5;
const OPENS = 5;
const SCROLL = { durationMs: 15_000, pxPerFrame: 60 };
const TARGETS = { firstPaintMs: 150, threadOpenMs: 50, scrollP99Ms: 20, heapMb: 80 };

interface FirstPaint {
  painted: number;
  domContentLoaded: number;
  listAnswered: number;
}

interface Figures {
  firstPaintCold: FirstPaint;
  firstPaint: FirstPaint[];
  threadOpen: number[];
  scroll: ScrollRun;
  heapMb: number;
  heapBeforeGcMb: number;
}

function median(values: number[]): number {
  return percentile(values, 50);
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

async function until<T>(read: () => Promise<T | null>, what: string, timeoutMs = 30_000) {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (value !== null) return value;
    if (Date.now() - started > timeoutMs) {
      throw new Error(`timed out waiting for ${what} (last: ${JSON.stringify(value)})`);
    }
    await new Promise((done) => setTimeout(done, 20));
  }
}

/** Navigation start to the first conversation row painted, from a fresh navigation. */
async function firstPaint(page: Page, url: string): Promise<FirstPaint> {
  await page.goto(url);
  return until(async () => {
    const mark = await page.evaluate(readFirstRow);
    if (mark?.painted == null) return null;
    return {
      painted: mark.painted,
      domContentLoaded: mark.domContentLoaded ?? Number.NaN,
      listAnswered: mark.listAnswered ?? Number.NaN,
    };
  }, 'the first conversation row');
}

async function threadOpen(page: Page, title: string, text: string): Promise<number> {
  await page.evaluate(watchThreadOpen, text);
  await page
    .getByRole('listbox', { name: 'Conversations' })
    .getByRole('option', { name: new RegExp(`^${title}(,|$)`) })
    .click();
  return until(async () => {
    const mark = await page.evaluate(readThreadOpen);
    return mark?.at != null && mark.painted != null ? mark.painted - mark.at : null;
  }, `the thread of ${title}`);
}

async function measure(browser: Browser, workspace: UiBenchWorkspace): Promise<Figures> {
  const preview = await startCommand(
    'main/preview/preview-cli.ts',
    ['--data-dir', workspace.dataDir, '--base-url', workspace.baseUrl],
    'preview',
    { PARLEY_TOKEN: workspace.token },
  );
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await page.addInitScript(watchFirstRow);
    const firstPaintCold = await firstPaint(page, preview.url);
    const base = new URL(preview.url).origin;
    const firstPaints: FirstPaint[] = [];
    for (let i = 0; i < LOADS; i++) firstPaints.push(await firstPaint(page, base));

    const opens: number[] = [];
    for (let i = 0; i < OPENS; i++) {
      await threadOpen(page, workspace.otherTitle, `Hello from ${workspace.otherTitle}`);
      opens.push(await threadOpen(page, workspace.threadTitle, workspace.newestText));
    }
    await page.waitForTimeout(500);
    await page.mouse.move(0, 0);
    const scroll = await page.evaluate(scrollThreadUp, SCROLL);

    const cdp = await context.newCDPSession(page);
    const before = (await cdp.send('Runtime.getHeapUsage')).usedSize;
    await cdp.send('HeapProfiler.collectGarbage');
    const after = (await cdp.send('Runtime.getHeapUsage')).usedSize;
    return {
      firstPaintCold,
      firstPaint: firstPaints,
      threadOpen: opens,
      scroll,
      heapMb: after / 2 ** 20,
      heapBeforeGcMb: before / 2 ** 20,
    };
  } finally {
    await context.close();
    await preview.stop();
  }
}

async function run(browser: Browser, size: { conversations: number; threadMessages: number }) {
  const started = performance.now();
  const workspace = await seedUiBenchWorkspace(size);
  const seededMs = performance.now() - started;
  try {
    return { figures: await measure(browser, workspace), seededMs };
  } finally {
    await workspace.close();
  }
}

const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
const scrolledMessages = (run: ScrollRun, total: number) => {
  const match = /Thread message (\d+)/.exec(run.oldestShown ?? '');
  return match ? total - 1 - Number(match[1]) : Number.NaN;
};

function report(
  big: { figures: Figures; seededMs: number },
  small: { figures: Figures; seededMs: number },
) {
  const b = big.figures;
  const s = small.figures;
  const rows: [string, string, string, string][] = [
    [
      'list first paint, median of reloads',
      `< ${TARGETS.firstPaintMs} ms`,
      fmt(median(b.firstPaint.map((f) => f.painted))),
      fmt(median(s.firstPaint.map((f) => f.painted))),
    ],
    [
      '  of which: scripts run (DOMContentLoaded)',
      '',
      fmt(median(b.firstPaint.map((f) => f.domContentLoaded))),
      fmt(median(s.firstPaint.map((f) => f.domContentLoaded))),
    ],
    [
      '  of which: list rows answered over IPC',
      '',
      fmt(median(b.firstPaint.map((f) => f.listAnswered))),
      fmt(median(s.firstPaint.map((f) => f.listAnswered))),
    ],
    [
      'list first paint, first load (cold)',
      '',
      fmt(b.firstPaintCold.painted),
      fmt(s.firstPaintCold.painted),
    ],
    [
      'thread open, median',
      `< ${TARGETS.threadOpenMs} ms`,
      fmt(median(b.threadOpen)),
      fmt(median(s.threadOpen)),
    ],
    ['thread open, first', '', fmt(b.threadOpen[0] ?? NaN), fmt(s.threadOpen[0] ?? NaN)],
    [
      'scroll frame p50',
      '',
      fmt(percentile(b.scroll.frames, 50)),
      fmt(percentile(s.scroll.frames, 50)),
    ],
    [
      'scroll frame p99',
      `< ${TARGETS.scrollP99Ms} ms`,
      fmt(percentile(b.scroll.frames, 99)),
      fmt(percentile(s.scroll.frames, 99)),
    ],
    [
      'scroll frame worst',
      '',
      fmt(Math.max(...b.scroll.frames)),
      fmt(Math.max(...s.scroll.frames)),
    ],
    [
      'frames over 20 ms',
      '',
      `${b.scroll.frames.filter((f) => f > 20).length} of ${b.scroll.frames.length}`,
      `${s.scroll.frames.filter((f) => f > 20).length} of ${s.scroll.frames.length}`,
    ],
    [
      'long tasks during scroll',
      '',
      `${b.scroll.longTasks.length} (max ${fmt(Math.max(0, ...b.scroll.longTasks))})`,
      `${s.scroll.longTasks.length} (max ${fmt(Math.max(0, ...s.scroll.longTasks))})`,
    ],
    [
      'messages scrolled through',
      '',
      `${scrolledMessages(b.scroll, THREAD_MESSAGES)} (${Math.round(b.scroll.distancePx)} px)`,
      `${scrolledMessages(s.scroll, BASELINE.threadMessages)} (${Math.round(s.scroll.distancePx)} px)`,
    ],
    [
      'JS heap after scroll, after GC',
      `< ${TARGETS.heapMb} MB`,
      `${b.heapMb.toFixed(1)} MB`,
      `${s.heapMb.toFixed(1)} MB`,
    ],
    [
      'JS heap before GC',
      '',
      `${b.heapBeforeGcMb.toFixed(1)} MB`,
      `${s.heapBeforeGcMb.toFixed(1)} MB`,
    ],
  ];
  const header: [string, string, string, string] = [
    'figure',
    'target',
    `${CONVERSATIONS.toLocaleString()} conv / ${THREAD_MESSAGES.toLocaleString()} msgs`,
    `baseline ${BASELINE.conversations} / ${BASELINE.threadMessages}`,
  ];
  const widths = header.map((_, i) => Math.max(...[header, ...rows].map((row) => row[i]!.length)));
  const line = (row: string[]) => row.map((cell, i) => cell.padEnd(widths[i]!)).join('  ');
  console.log(line(header));
  for (const row of rows) console.log(line(row));
  console.log(
    `seeding (not measured): ${(big.seededMs / 1000).toFixed(1)} s and ${(small.seededMs / 1000).toFixed(1)} s; ` +
      `scroll ${SCROLL.pxPerFrame} px per frame for ${SCROLL.durationMs / 1000} s; ` +
      `${cpus().length} cores, load average ${loadavg()[0]!.toFixed(2)}`,
  );
}

const build = spawnSync('npm', ['run', '-s', 'build:renderer'], { cwd: ROOT, stdio: 'inherit' });
if (build.status !== 0) throw new Error('npm run build:renderer failed');

const launchOptions = playwrightConfig.use?.launchOptions ?? {};
const browser = await chromium.launch({ ...launchOptions, headless: true });
try {
  const small = await run(browser, BASELINE);
  const big = await run(browser, { conversations: CONVERSATIONS, threadMessages: THREAD_MESSAGES });
  report(big, small);
} finally {
  await browser.close();
}
