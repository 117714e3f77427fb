import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Route } from '@playwright/test';
import { seedSandbox } from '../integration/sync/sandbox-seed.ts';
import { accessibleName, conversations, openConversation, thread } from '../support/parley-app.ts';
import { startCommand, type RunningProcess } from '../support/preview-process.ts';
import { removeTempDir } from '../support/temp-dir.ts';

/**
 * Signed in to an account whose history is still arriving (every answer of
 * this server takes a while): search says so, and a thread scrolled past
 * what is stored shows its loading row while the older page comes from the
 * server, then shows it.
 */
const USER = { contactId: 'you', token: 'older-history-token-0001' };
const CONVERSATIONS = 30;
const SHOTS = 'test/.reports/screenshots';

let dir: string;
let sandbox: RunningProcess;
let preview: RunningProcess;

test.beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'parley-older-history-'));
  const file = join(dir, 'server.db');
  seedSandbox(file, {
    user: USER.contactId,
    conversations: CONVERSATIONS,
    messages: CONVERSATIONS * 300,
    spreadSeconds: 30 * 86_400,
  });
  sandbox = await startCommand(
    'main/sandbox/sandbox-cli.ts',
    ['--data', file, '--user', `${USER.contactId}:${USER.token}`, '--faults', 'latency=300'],
    'sandbox',
  );
  preview = await startCommand(
    'main/preview/preview-cli.ts',
    ['--data-dir', join(dir, 'client'), '--base-url', sandbox.url],
    'preview',
    { PARLEY_TOKEN: USER.token },
  );
});

test.afterAll(async () => {
  await preview?.stop();
  await sandbox?.stop();
  removeTempDir(dir);
});

test('while history arrives, search says so and a thread loads older pages from the server, with a loading row', async ({
  page,
}) => {
  const held: Route[] = [];
  await page.route('**/ipc/messages%3AfetchOlder', (route) => void held.push(route));
  await page.goto(preview.url);
  await expect(conversations(page).getByRole('option').first()).toBeVisible({ timeout: 20_000 });

  // Search says its results may miss what has not arrived yet.
  const search = page.getByRole('searchbox', { name: 'Search' });
  await search.fill('message');
  const found = page.getByRole('region', { name: 'Messages found' });
  await expect(found.getByRole('status')).toHaveText(/Older messages are still being fetched/);
  await page.screenshot({ path: `${SHOTS}/search-history-arriving-light.png` });
  await search.fill('');

  // The last row: not among the first conversations whose newest page sign-in fetched.
  const last = conversations(page).getByRole('option').last();
  const title = (await accessibleName(last)).split(',')[0]!;
  await openConversation(page, title);
  const list = thread(page);
  await expect(list.getByRole('article').first()).toBeVisible();

  // Scrolled to the top, page after page, until what is stored runs out and the server is asked.
  await expect(async () => {
    await list.evaluate((element) => (element.scrollTop = 0));
    expect(held.length).toBeGreaterThan(0);
  }).toPass({ timeout: 20_000 });
  const loading = list.getByRole('status').filter({ hasText: 'Loading older messages' });
  await expect(loading).toBeVisible();
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await page.screenshot({ path: `${SHOTS}/thread-older-from-server-${theme}.png` });
  }

  for (const route of held.splice(0)) await route.continue();
  await page.unroute('**/ipc/messages%3AfetchOlder');
  // Its oldest message (seeded as "message <its number>") arrives and can be scrolled to.
  const index = Number(title.replace('contact', ''));
  await expect(async () => {
    await list.evaluate((element) => (element.scrollTop = 0));
    await expect(
      list
        .getByRole('article')
        .filter({ hasText: `message ${index}` })
        .first(),
    ).toBeVisible({
      timeout: 500,
    });
  }).toPass({ timeout: 30_000 });
});

test('once all history is here, search finds its oldest messages without being asked again', async ({
  page,
}) => {
  await page.goto(preview.url);
  await expect(conversations(page).getByRole('option').first()).toBeVisible({ timeout: 20_000 });
  // The very first message: it came with the older history, stored unindexed by the writer
  // thread and made searchable once history was all here.
  await page.getByRole('searchbox', { name: 'Search' }).fill('message 0');
  const found = page.getByRole('region', { name: 'Messages found' });
  await expect(found.getByRole('listitem')).toHaveCount(1, { timeout: 90_000 });
  await expect(found.getByRole('listitem')).toContainText('message 0');
  await expect(found.getByRole('status')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/search-history-all-here-light.png` });
});
