import { expect, test, type Locator, type Page } from '@playwright/test';
import { message, openConversation, thread } from '../support/parley-app.ts';
import { startCommand, type RunningProcess } from '../support/preview-process.ts';
import {
  readFirstRow,
  readThreadOpen,
  watchFirstRow,
  watchThreadOpen,
} from '../support/ui-bench-probes.ts';
import { seedUiBenchWorkspace, type UiBenchWorkspace } from '../support/ui-bench-seed.ts';

/**
 * A thread far longer than the renderer should ever hold: scrolling must fetch
 * one page per scroll towards an end, keep a bounded window of messages, and
 * fetch the dropped side again by keyset when the user scrolls back.
 */
const THREAD_MESSAGES = 1_500;
/** The renderer's bound: four pages of 50 (WINDOW_MAX in the thread store). */
const WINDOW_MAX = 200;
const SCROLLS_UP = 6;

let workspace: UiBenchWorkspace;
let preview: RunningProcess;

test.beforeAll(async () => {
  workspace = await seedUiBenchWorkspace({ conversations: 3, threadMessages: THREAD_MESSAGES });
  preview = await startCommand(
    'main/preview/preview-cli.ts',
    ['--data-dir', workspace.dataDir, '--base-url', workspace.baseUrl],
    'preview',
    { PARLEY_TOKEN: workspace.token },
  );
});

test.afterAll(async () => {
  await preview?.stop();
  await workspace?.close();
});

/** Keyset page requests the thread sent, by direction. */
function recordPageLoads(page: Page) {
  const loads = { before: 0, after: 0 };
  page.on('request', (request) => {
    if (!request.url().endsWith('/ipc/messages%3Apage')) return;
    const body = JSON.parse(request.postData() ?? '{}') as { before?: string; after?: string };
    if (body.before) loads.before += 1;
    if (body.after) loads.after += 1;
  });
  return loads;
}

const loadedMessages = async (list: Locator) =>
  Number(await list.locator('.virtual-space').getAttribute('data-loaded'));

/** The number in "Thread message N" of the oldest message in the DOM. */
async function oldestInDom(list: Locator): Promise<number> {
  const text = (await list.getByRole('article').first().textContent()) ?? '';
  return Number(/Thread message (\d+)/.exec(text)?.[1] ?? Number.NaN);
}

const scrollTo = (list: Locator, where: 'top' | 'bottom') =>
  list.evaluate((element, to) => {
    element.scrollTop = to === 'top' ? 0 : element.scrollHeight;
  }, where);

test('a long thread loads one page per scroll, holds a bounded window, and scrolls back to the newest', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const loads = recordPageLoads(page);
  await page.goto(preview.url);
  await openConversation(page, workspace.threadTitle);
  const list = thread(page);
  await expect(message(page, workspace.newestText)).toBeVisible();
  expect(loads.before).toBe(0);

  // Once at the top, and then left alone: one page arrives, the view keeps its place.
  const numbered = (n: number) =>
    list.getByRole('article').filter({ hasText: `Thread message ${n}:` });
  const firstLoaded = THREAD_MESSAGES - 50;
  await scrollTo(list, 'top');
  await expect(numbered(firstLoaded)).toBeInViewport();
  await expect.poll(() => loadedMessages(list)).toBe(100);
  await page.waitForTimeout(1_500);
  expect(loads.before).toBe(1);
  expect(await loadedMessages(list)).toBe(100);
  await expect(numbered(firstLoaded)).toBeInViewport();
  await expect(numbered(firstLoaded - 30)).not.toBeInViewport();

  // Further up, page by page: the window stays bounded in the store and in the DOM.
  let oldest = await oldestInDom(list);
  for (let i = 0; i < SCROLLS_UP; i++) {
    const before = loads.before;
    await scrollTo(list, 'top');
    await expect.poll(() => loads.before).toBe(before + 1);
    await expect.poll(() => oldestInDom(list)).toBeLessThan(oldest);
    oldest = await oldestInDom(list);
    expect(await loadedMessages(list)).toBeLessThanOrEqual(WINDOW_MAX);
    expect(await list.getByRole('article').count()).toBeLessThan(60);
  }
  expect(await loadedMessages(list)).toBe(WINDOW_MAX);
  expect(oldest).toBeLessThan(THREAD_MESSAGES - (SCROLLS_UP + 1) * 50);
  await expect(list.getByRole('article').filter({ hasText: workspace.newestText })).toHaveCount(0);

  // Back down: the dropped newer pages are fetched again, and the newest message is there.
  for (let i = 0; i < 20 && !(await message(page, workspace.newestText).isVisible()); i++) {
    const after = loads.after;
    await scrollTo(list, 'bottom');
    await expect
      .poll(async () => loads.after > after || (await message(page, workspace.newestText).count()))
      .toBeTruthy();
    expect(await loadedMessages(list)).toBeLessThanOrEqual(WINDOW_MAX);
  }
  await scrollTo(list, 'bottom');
  await expect(message(page, workspace.newestText)).toBeVisible();
  expect(loads.after).toBeGreaterThan(0);
  await expect(page.getByRole('button', { name: 'Scroll to the latest message' })).toHaveCount(0);
});

/** The number of the message at the middle of the thread's screen, as a reader sees it. */
const middleOf = (list: Locator) =>
  list.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const at = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return /Thread message (\d+):/.exec(at?.closest('article')?.textContent ?? '')?.[1] ?? null;
  });

/**
 * Resolves once the view has settled: the list no longer scrolls, and the
 * renders already asked for have come without moving the message in the
 * middle. A scroll that stops is not enough: rows measured as they come into
 * view move the others a render later, and on a busy machine that render came
 * two frames after the last scroll. It waits no longer than that, so a place
 * the app keeps only a moment after scrolling stops still shows.
 */
const viewSettled = (list: Locator) =>
  list.evaluate(async (element) => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    // React queues its renders as messages on a channel: one posted now comes after them.
    const queuedWork = () =>
      new Promise((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = resolve;
        channel.port2.postMessage(null);
      });
    const sample = () => {
      const box = element.getBoundingClientRect();
      const at = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      const row = at?.closest('article');
      return `${element.scrollTop} ${row?.textContent} ${row?.getBoundingClientRect().top}`;
    };
    let before: string;
    do {
      before = sample();
      await frame();
      await frame();
      await queuedWork();
      await frame();
    } while (sample() !== before);
  });

/**
 * The long thread opened at its end, then read back up three screens (the
 * browser animates each), with the message then in the middle of the screen.
 */
async function openAndReadBack(page: Page) {
  await page.goto(preview.url);
  await openConversation(page, workspace.threadTitle);
  const list = thread(page);
  const newest = message(page, workspace.newestText);
  await expect(newest).toBeVisible();
  await list.focus();
  for (let i = 0; i < 3; i++) await page.keyboard.press('PageUp');
  await viewSettled(list);
  const middle = await middleOf(list);
  expect(middle).not.toBeNull();
  await expect(newest).not.toBeInViewport();
  return { list, newest, middle };
}

test('a thread read back through opens where it was left; one left at its end opens at its end', async ({
  page,
}) => {
  const { list, newest, middle } = await openAndReadBack(page);

  await openConversation(page, workspace.otherTitle);
  await expect(newest).toHaveCount(0);
  await openConversation(page, workspace.threadTitle);
  await expect.poll(() => middleOf(list)).toBe(middle);
  await expect(newest).not.toBeInViewport();
  await expect(page.getByRole('button', { name: 'Scroll to the latest message' })).toBeVisible();

  // Back at the end, the thread is left at its end, and opens there again.
  await page.getByRole('button', { name: 'Scroll to the latest message' }).click();
  await expect(newest).toBeInViewport();
  await openConversation(page, workspace.otherTitle);
  await openConversation(page, workspace.threadTitle);
  await expect(newest).toBeInViewport();
  await expect(page.getByRole('button', { name: 'Scroll to the latest message' })).toHaveCount(0);
});

test('a thread left open while reading back opens at that message when Parley opens again', async ({
  page,
}) => {
  const { list, newest, middle } = await openAndReadBack(page);

  // At once, as someone quits the moment they stop scrolling: the place is the one they read at.
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: workspace.threadTitle })).toBeVisible();
  await expect.poll(() => middleOf(list)).toBe(middle);
  await expect(newest).not.toBeInViewport();
});

// The UI benchmark times what these probes see; when a row lost its aria-label, the first-row
// probe saw nothing and the benchmark failed unnoticed, since nothing else runs it.
test('the UI benchmark’s probes see the first conversation row painted and a thread opened', async ({
  page,
}) => {
  await page.addInitScript(watchFirstRow);
  await page.goto(preview.url);
  await expect
    .poll(async () => (await page.evaluate(readFirstRow))?.painted ?? null)
    .not.toBeNull();
  await page.evaluate(watchThreadOpen, workspace.newestText);
  await openConversation(page, workspace.threadTitle);
  await expect
    .poll(async () => (await page.evaluate(readThreadOpen))?.painted ?? null)
    .not.toBeNull();
});
