import { expect, test, type Page } from '@playwright/test';
import { startDeviantServer, type DeviantServer } from '../support/deviant-server.ts';
import { accessibleName, conversations, thread } from '../support/parley-app.ts';
import { startCommand, type RunningProcess } from '../support/preview-process.ts';
import { makeTempDir, removeTempDir } from '../support/temp-dir.ts';

/**
 * What a server may send that no person would write: a message of a million
 * characters without a space, an attachment name with a hidden direction
 * character, hundreds of reactions, a username of a hundred thousand
 * characters. A server that speaks the API differently (the deviant test
 * server) stores them as given; the app keeps them and stays usable.
 */
const SHOTS = 'test/.reports/screenshots';
const LONG = `${'ab'.repeat(500_000)}THE-END`;
const SPOOFED = 'rtl\u202Efdp.exe';
const REACTIONS = 500;
const LONG_NAME = `Eve${'e'.repeat(100_000)}`;

let server: DeviantServer;
let preview: RunningProcess;
let dataDir: string;

test.beforeAll(async () => {
  server = await startDeviantServer();
  const created = await fetch(`${server.url}/v1/conversations`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${server.token}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'contact_id=contact-eve',
  });
  const conversationId = ((await created.json()) as { id: number }).id;
  const base = Date.now() - 60_000;
  const eve = { id: 'contact-eve', username: LONG_NAME };
  const raw = (id: string, offset: number, fields: Record<string, unknown>) =>
    server.storeRawMessage({
      object: 'message',
      id,
      conversation_id: conversationId,
      contact: eve,
      message: '',
      reactions: [],
      attachments: [],
      read_at: null,
      created_at: base + offset,
      updated_at: null,
      ...fields,
    });
  raw('m-long', 1_000, { message: LONG });
  raw('m-file', 2_000, {
    message: 'the invoice',
    attachments: [
      {
        name: SPOOFED,
        url: 'https://files.example.org/i',
        mime_type: 'application/pdf',
        size: 1_200,
      },
    ],
  });
  raw('m-reactions', 3_000, {
    message: 'so popular',
    reactions: Array.from({ length: REACTIONS }, (_, index) => ({
      [`r${index}`]: ['contact-dee'],
    })),
  });
  dataDir = makeTempDir('parley-untrusted-');
  preview = await startCommand(
    'main/preview/preview-cli.ts',
    ['--data-dir', dataDir, '--base-url', server.url],
    'preview',
    { PARLEY_TOKEN: server.token },
  );
});

test.afterAll(async () => {
  await preview?.stop();
  await server?.close();
  removeTempDir(dataDir);
});

async function openEve(page: Page) {
  await page.goto(preview.url);
  const row = conversations(page).getByRole('option').first();
  await expect(row).toBeVisible({ timeout: 20_000 });
  await row.click();
  await expect(page.getByRole('heading', { level: 2 })).toBeVisible();
}

test('a million characters without a space arrive collapsed, and open a piece at a time', async ({
  page,
}) => {
  await openEve(page);
  const long = thread(page).getByRole('article').filter({ hasText: 'abab' });
  const text = long.locator('.message-text');
  await expect(long.getByRole('button', { name: /^Show more/ })).toBeVisible();
  expect((await text.textContent())?.length).toBeLessThan(3_000);
  await expect(long).not.toContainText('THE-END');

  await long.getByRole('button', { name: /^Show more/ }).click();
  await expect.poll(async () => (await text.textContent())?.length).toBeGreaterThan(10_000);
  expect((await text.textContent())?.length).toBeLessThan(15_000);
  await long.getByRole('button', { name: 'Show less' }).click();
  await expect.poll(async () => (await text.textContent())?.length).toBeLessThan(3_000);

  // Still a working app: the composer takes text at once.
  await page.getByRole('textbox', { name: 'Message' }).fill('still responsive');
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('still responsive');
});

test('an attachment name shows a hidden direction character as what it is', async ({ page }) => {
  await openEve(page);
  const file = thread(page).getByRole('article').filter({ hasText: 'the invoice' });
  // Seen and announced as it is: the hidden character cannot turn "fdp.exe" into "exe.pdf".
  const chip = file.getByRole('button', { name: /^rtl U\+202E fdp\.exe/ });
  await expect(chip).toBeVisible();
  await expect(chip).toHaveAttribute('title', 'Open rtl[U+202E]fdp.exe in the browser');
  await expect(chip.locator('[dir="auto"]')).toHaveCSS('unicode-bidi', 'isolate');
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await file.screenshot({ path: `${SHOTS}/spoofed-attachment-${theme}.png` });
  }
});

test('hundreds of reactions show as a few chips and a count', async ({ page }) => {
  await openEve(page);
  const popular = thread(page).getByRole('article').filter({ hasText: 'so popular' });
  const reactions = page.getByRole('group', { name: 'Reactions' });
  await expect(reactions.getByRole('button')).toHaveCount(24);
  await expect(reactions).toContainText(`and ${REACTIONS - 24} more`);
  await expect(popular).toBeVisible();
});

test('a username of a hundred thousand characters is shown clipped and isolated', async ({
  page,
}) => {
  await openEve(page);
  const heading = page.getByRole('heading', { level: 2 });
  expect((await heading.textContent())?.length).toBeLessThanOrEqual(200);
  await expect(heading).toHaveAttribute('dir', 'auto');
  const name = await accessibleName(conversations(page).getByRole('option').first());
  expect(name.length).toBeGreaterThan(0);
  expect(name.length).toBeLessThan(400);
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await page.screenshot({ path: `${SHOTS}/untrusted-text-${theme}.png` });
  }
});
