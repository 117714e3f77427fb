/**
 * A message no person would write, through the real preview in headless
 * Chromium: 1,000,000 characters without a space (target: every frame under
 * 100 ms, while the thread opens and while it is shown a piece at a time),
 * beside a thread of ordinary messages measured in the same run.
 * Run: npx node test/bench/long-text.bench.ts [characters] [runs]
 */
import { loadavg } from 'node:os';
import { chromium, type Page } from 'playwright-core';
import playwrightConfig from '../../playwright.config.ts';
import { startDeviantServer } from '../support/deviant-server.ts';
import { startCommand } from '../support/preview-process.ts';
import { makeTempDir, removeTempDir } from '../support/temp-dir.ts';

declare function requestAnimationFrame(callback: (now: number) => void): number;

const CHARACTERS = Number(process.argv[2] ?? 1_000_000);
const SHOW_MORE_CLICKS = 5;
/** Each figure is the median of this many runs: one run's longest frame is mostly the machine's load. */
const RUNS = Number(process.argv[3] ?? 5);

const server = await startDeviantServer({
  tokens: { 'deviant-token': 'contact-dee' },
});
async function conversationWith(contact: string, text: string): Promise<void> {
  const answer = await fetch(`${server.url}/v1/conversations`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${server.token}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: `contact_id=${contact}`,
  });
  const { id } = (await answer.json()) as { id: number };
  for (let index = 0; index < 20; index += 1) {
    server.storeRawMessage({
      object: 'message',
      id: `${contact}-${index}`,
      conversation_id: id,
      contact: { id: contact, username: contact },
      message: index === 19 ? text : `an ordinary message, number ${index}`,
      reactions: [],
      attachments: [],
      read_at: null,
      created_at: Date.now() - 60_000 + index,
      updated_at: null,
    });
  }
}
await conversationWith('contact-eve', 'x'.repeat(CHARACTERS));
await conversationWith('contact-dee', 'an ordinary last message');

const dataDir = makeTempDir('parley-long-text-bench-');
const preview = await startCommand(
  'main/preview/preview-cli.ts',
  ['--data-dir', dataDir, '--base-url', server.url],
  'preview',
  { PARLEY_TOKEN: server.token },
);
const browser = await chromium.launch(playwrightConfig.use?.launchOptions);

/** The longest gap between animation frames while `action` runs and for a second after. */
async function longestFrame(page: Page, action: () => Promise<void>): Promise<number> {
  await page.evaluate(() => {
    const gaps: number[] = [];
    let last = performance.now();
    const tick = (now: number) => {
      gaps.push(now - last);
      last = now;
      (window as unknown as { __frames: number[] }).__frames = gaps;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  await action();
  await page.waitForTimeout(1_000);
  return page.evaluate(() => Math.max(...(window as unknown as { __frames: number[] }).__frames));
}

async function measureOnce(username: string) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(preview.url);
  const row = page.getByRole('option', { name: new RegExp(`^${username}`) });
  await row.waitFor({ timeout: 60_000 });
  const open = await longestFrame(page, async () => {
    await row.click();
    await page.getByRole('heading', { level: 2, name: username }).waitFor();
    await page.getByRole('article').last().waitFor();
  });
  const showMore = page.getByRole('button', { name: /^Show more/ });
  let more = 0;
  let clicks = 0;
  // A shorter text runs out of pieces before the last click: the button goes with the last one.
  for (; clicks < SHOW_MORE_CLICKS && (await showMore.count()) > 0; clicks += 1) {
    more = Math.max(more, await longestFrame(page, () => showMore.click()));
  }
  await page.close();
  return { open, more, clicks };
}

async function measure(username: string) {
  const runs = [];
  for (let run = 0; run < RUNS; run += 1) runs.push(await measureOnce(username));
  const median = (values: number[]) =>
    values.sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  return {
    open: median(runs.map((run) => run.open)),
    more: median(runs.map((run) => run.more)),
    clicks: Math.min(...runs.map((run) => run.clicks)),
  };
}

try {
  const long = await measure('contact-eve');
  const ordinary = await measure('contact-dee');
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  console.log(
    `load average ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}`,
  );
  console.log(
    `open a thread whose last message is ${CHARACTERS.toLocaleString('en')} characters without a space: ` +
      `longest frame ${ms(long.open)}   baseline (ordinary thread) ${ms(ordinary.open)}   target < 100 ms (medians of ${RUNS})`,
  );
  console.log(
    `"Show more" ${long.clicks} times (a piece of 10,000 characters each): longest frame ${ms(long.more)}   target < 100 ms`,
  );
} finally {
  await browser.close();
  await preview.stop();
  await server.close();
  removeTempDir(dataDir);
}
