import { expect, test } from '@playwright/test';
import { join } from 'node:path';
import {
  conversations,
  firstConversationTitle,
  message,
  openConversation,
  send,
  unique,
} from '../support/parley-app.ts';
import { freePort } from '../support/free-port.ts';
import { startCommand, startPreview } from '../support/preview-process.ts';
import { makeTempDir, removeTempDir } from '../support/temp-dir.ts';

const TOKEN = 'e2e-offline-token';

/** The same sandbox, on the same port and data file, so it can be stopped and started again. */
function sandbox(port: number, data: string) {
  return startCommand(
    'main/sandbox/sandbox-cli.ts',
    ['--port', String(port), '--user', `you:${TOKEN}`, '--demo', '--data', data],
    'sandbox',
  );
}

test('a message sent while the server is down waits, then is delivered once it is back', async ({
  page,
}) => {
  const dir = makeTempDir('parley-offline-');
  const port = await freePort();
  let server = await sandbox(port, join(dir, 'sandbox.db'));
  process.env.PARLEY_TOKEN = TOKEN;
  const preview = await startPreview(['--base-url', server.url]);
  delete process.env.PARLEY_TOKEN;
  try {
    await page.goto(preview.url);
    await expect(conversations(page).getByRole('option').first()).toBeVisible({ timeout: 20_000 });
    await openConversation(page, await firstConversationTitle(page));

    await server.stop();
    const text = unique('sent while offline');
    const pending = await send(page, text);
    await expect(pending.getByRole('img', { name: 'Sending' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Offline' }).first()).toBeVisible({
      timeout: 30_000,
    });

    server = await sandbox(port, join(dir, 'sandbox.db'));
    await expect(
      message(page, text).getByRole('img', { name: /^(Sent|Delivered|Read)$/ }),
    ).toBeVisible({
      timeout: 45_000,
    });
    await expect(message(page, text)).toHaveCount(1);
  } finally {
    await preview.stop();
    await server.stop();
    removeTempDir(dir);
  }
});
