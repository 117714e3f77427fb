import { expect, test } from '@playwright/test';
import { freePort } from '../support/free-port.ts';
import { message, send } from '../support/parley-app.ts';
import { startCommand, startPreview } from '../support/preview-process.ts';

test('our messages show sent, then delivered, then read, as the other side gets to them', async ({
  page,
}) => {
  const port = await freePort();
  const server = await startCommand(
    'main/sandbox/sandbox-cli.ts',
    ['--port', String(port), '--user', 'you:e2e-you', '--user', 'bob:e2e-bob'],
    'sandbox',
  );
  process.env.PARLEY_TOKEN = 'e2e-you';
  const preview = await startPreview(['--base-url', server.url]);
  delete process.env.PARLEY_TOKEN;
  const asBob = (path: string, init: RequestInit = {}) =>
    fetch(`${server.url}${path}`, {
      ...init,
      headers: { authorization: 'Bearer e2e-bob', 'content-type': 'application/json' },
    });
  try {
    await page.goto(preview.url);
    await page.keyboard.press('Control+n');
    const dialog = page.getByRole('dialog', { name: 'New conversation' });
    await dialog.getByRole('combobox', { name: 'Contact id or name' }).fill('bob');
    await dialog.getByRole('button', { name: 'Start conversation' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'bob' })).toBeVisible();

    const text = 'are you there?';
    await send(page, text);
    await expect(message(page, text).getByRole('img', { name: 'Sent' })).toBeVisible();

    const created = await asBob('/v1/conversations', {
      method: 'POST',
      body: JSON.stringify({ contact_id: 'you' }),
    });
    const { id } = (await created.json()) as { id: string };
    await asBob('/v1/messages', {
      method: 'POST',
      body: JSON.stringify({ conversation_id: id, message: 'here!' }),
    });
    await expect(message(page, text).getByRole('img', { name: 'Delivered' })).toBeVisible();

    // Bob's app lists the conversation: the server marks what he fetched as read.
    expect((await asBob(`/v1/messages?conversation_id=${id}`)).status).toBe(200);
    await expect(message(page, text).getByRole('img', { name: 'Read' })).toBeVisible();
  } finally {
    await preview.stop();
    await server.stop();
  }
});
