import { expect, test, type Page } from '@playwright/test';
import { join } from 'node:path';
import {
  conversations,
  firstConversationTitle,
  message,
  messageAction,
  openConversation,
  send,
  unique,
} from '../support/parley-app.ts';
import { freePort } from '../support/free-port.ts';
import { startCommand, startPreview } from '../support/preview-process.ts';
import { makeTempDir, removeTempDir } from '../support/temp-dir.ts';

const TOKEN = 'e2e-offline-token';
const DONE = /^(Sent|Delivered|Read)$/;

/** The same sandbox, on the same port and data file, so it can be stopped and started again. */
function sandbox(port: number, data: string) {
  return startCommand(
    'main/sandbox/sandbox-cli.ts',
    ['--port', String(port), '--user', `you:${TOKEN}`, '--demo', '--data', data],
    'sandbox',
  );
}

/**
 * The app on a demo sandbox of its own, its first conversation open, then the
 * server stopped; `work` runs with it down and gets a way to start it again.
 */
async function withServerDown(
  page: Page,
  work: (back: () => Promise<string>) => Promise<void>,
): Promise<void> {
  const dir = makeTempDir('parley-offline-');
  const port = await freePort();
  const data = join(dir, 'sandbox.db');
  let server = await sandbox(port, data);
  process.env.PARLEY_TOKEN = TOKEN;
  const preview = await startPreview(['--base-url', server.url]);
  delete process.env.PARLEY_TOKEN;
  try {
    await page.goto(preview.url);
    await expect(conversations(page).getByRole('option').first()).toBeVisible({ timeout: 20_000 });
    await openConversation(page, await firstConversationTitle(page));
    await server.stop();
    await work(async () => {
      server = await sandbox(port, data);
      return server.url;
    });
  } finally {
    await preview.stop();
    await server.stop();
    removeTempDir(dir);
  }
}

test('a message sent while the server is down waits, then is delivered once it is back', async ({
  page,
}) => {
  await withServerDown(page, async (back) => {
    const text = unique('sent while offline');
    const pending = await send(page, text);
    await expect(pending.getByRole('img', { name: 'Sending' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Offline' }).first()).toBeVisible({
      timeout: 30_000,
    });

    await back();
    await expect(message(page, text).getByRole('img', { name: DONE })).toBeVisible({
      timeout: 45_000,
    });
    await expect(message(page, text)).toHaveCount(1);
  });
});

test('a message still waiting to be sent can be edited with Up, or deleted so it never goes', async ({
  page,
}) => {
  await withServerDown(page, async (back) => {
    const typo = unique('see you at 5');
    await send(page, typo);
    await page.getByRole('textbox', { name: 'Message' }).press('ArrowUp');
    const edit = page.getByRole('textbox', { name: 'Edit message' });
    await expect(edit).toHaveValue(typo);
    const fixed = typo.replace('5', '6');
    await edit.fill(fixed);
    await edit.press('Enter');
    await expect(message(page, fixed)).toHaveCount(1);
    await expect(message(page, typo)).toHaveCount(0);

    const regret = unique('never mind');
    await messageAction(page, await send(page, regret), 'Delete…');
    const dialog = page.getByRole('dialog', { name: 'Delete this message?' });
    await expect(dialog).toContainText('has not been sent yet');
    await dialog.getByRole('button', { name: 'Delete permanently' }).click();
    await expect(message(page, regret)).toHaveCount(0);

    const url = await back();
    await expect(message(page, fixed).getByRole('img', { name: DONE })).toBeVisible({
      timeout: 45_000,
    });
    const onServer = (await (
      await fetch(`${url}/v1/messages?limit=20`, { headers: { authorization: `Bearer ${TOKEN}` } })
    ).json()) as { data: { message: string }[] };
    const texts = onServer.data.map((sent) => sent.message);
    expect(texts).toContain(fixed);
    expect(texts).not.toContain(typo);
    expect(texts).not.toContain(regret);
  });
});
