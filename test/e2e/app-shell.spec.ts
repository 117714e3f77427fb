import { expect, test } from '@playwright/test';
import {
  answerArrivingUnread,
  firstConversationTitle,
  message,
  openAppForEachTest,
  openConversation,
  send,
  unique,
} from '../support/parley-app.ts';
import { startPreview } from '../support/preview-process.ts';

test('the preview serves the app shell and carries IPC from the page to the core and back', async ({
  page,
}) => {
  const preview = await startPreview();
  try {
    await page.goto(preview.url);
    await expect(page.getByRole('heading', { name: 'Parley' })).toBeVisible();

    const answer = await page.evaluate(() => window.parley.invoke('settings:get', {}));
    expect(answer).toMatchObject({ ok: true, value: { settings: { theme: 'system' } } });
    expect(JSON.stringify(answer)).not.toMatch(/token"\s*:\s*"/);

    const refused = await page.evaluate(() =>
      window.parley.invoke('settings:update', { theme: 'neon' } as never),
    );
    expect(refused).toMatchObject({
      ok: false,
      error: { code: 'invalid-request', field: 'theme' },
    });

    await page.screenshot({ path: 'test/.reports/screenshots/app-shell.png' });
  } finally {
    await preview.stop();
  }
});

test('the preview refuses a page that does not hold the per-run key', async ({ page }) => {
  const preview = await startPreview();
  try {
    const origin = new URL(preview.url).origin;
    const response = await page.goto(origin);
    expect(response?.status()).toBe(401);
    const ipc = await page.request.post(`${origin}/ipc/settings:get`, {
      data: {},
      headers: { origin },
    });
    expect(ipc.status()).toBe(401);
  } finally {
    await preview.stop();
  }
});

test.describe('in the demo workspace', () => {
  openAppForEachTest();

  test('opens with nothing unread; an answer that arrives is counted in the window title and on the Chats button, and clears as it is read', async ({
    page,
  }) => {
    // The demo's weeks of history are scenery: seen already.
    await expect(page).toHaveTitle('Parley');
    const chats = page.getByRole('navigation', { name: 'Sections' }).getByRole('button', {
      name: /^Chats/,
    });
    await expect(chats).toHaveAccessibleName('Chats');

    const asked = await firstConversationTitle(page, 0);
    await answerArrivingUnread(page, asked, await firstConversationTitle(page, 1));
    await expect(page).toHaveTitle('(1) Parley');
    await expect(chats).toHaveAccessibleName('Chats, 1 unread message');
    await openConversation(page, asked);
    await expect(page.getByRole('heading', { level: 2, name: asked })).toBeVisible();
    await expect(page).toHaveTitle('Parley');
  });

  test('its contacts read what the user sends them', async ({ page }) => {
    const title = await firstConversationTitle(page);
    await openConversation(page, title);
    const text = unique('did you get the photos?');
    await send(page, text);
    await expect(message(page, text).getByRole('img', { name: 'Read' })).toBeVisible({
      timeout: 20_000,
    });
  });
});
