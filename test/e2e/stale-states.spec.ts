import { expect, test, type Page } from '@playwright/test';
import { freePort } from '../support/free-port.ts';
import {
  accessibleName,
  conversationAction,
  conversations,
  firstConversationTitle,
  messageAction,
  openAppForEachTest,
  openConversation,
  openOwnServer,
  optionNames,
  thread,
} from '../support/parley-app.ts';

const row = (page: Page, title: string) =>
  conversations(page).getByRole('option', { name: new RegExp(`^${title}(,|$)`) });

test.describe('in the demo workspace', () => {
  openAppForEachTest();

  test('a muted conversation stops showing "sending" once the server has the mute', async ({
    page,
  }) => {
    const labels = await optionNames(conversations(page));
    const title = labels.find((label) => !/muted/.test(label))!.split(',')[0]!;
    await conversationAction(page, title, 'Mute for 1 hour');
    const footer = page.getByRole('status', { name: 'Connection' });
    await expect(footer).not.toContainText('sending');
    await expect(row(page, title)).toHaveAccessibleName(/muted/);
    await expect(row(page, title)).not.toHaveAccessibleName(/sending/);
  });

  test('a deleted message leaves no "sending" mark on its row once the server has it', async ({
    page,
  }) => {
    const yours = conversations(page).getByRole('option').filter({ hasText: 'You:' }).first();
    const title = (await accessibleName(yours)).split(',')[0]!;
    await openConversation(page, title);
    const own = thread(page)
      .getByRole('article')
      .filter({ hasText: /\S/ })
      .filter({
        has: page.getByRole('img', { name: /^(Sent|Delivered|Read)$/ }),
      });
    await messageAction(page, own.last(), 'Delete…');
    await page.getByRole('button', { name: 'Delete permanently' }).click();
    const footer = page.getByRole('status', { name: 'Connection' });
    await expect(footer).not.toContainText('sending');
    await expect(row(page, title)).not.toHaveAccessibleName(/sending/);
  });

  test('the receiver status takes a saved webhook secret at once', async ({ page }) => {
    await page.getByRole('button', { name: 'Settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Settings' });
    await settings.getByRole('radio', { name: 'Directly on this computer' }).check();
    const address = settings.getByRole('form', { name: 'Receiver address' });
    await address.getByRole('textbox', { name: 'Port' }).fill(String(await freePort()));
    await address.getByRole('button', { name: 'Save address' }).click();
    await address.getByRole('checkbox', { name: /Receive catalogue webhooks/ }).check();
    await expect(settings.getByText(/No webhook secret is set/)).toBeVisible();

    const secretForm = settings.getByRole('form', { name: 'Webhook secret' });
    await secretForm.getByLabel('Webhook secret').fill('a-secret-of-some-length');
    await secretForm.getByRole('button', { name: 'Save secret' }).click();
    await expect(secretForm.getByRole('status')).toHaveText(/Secret saved/);
    // Read once, no retry: both parts of the screen must say the same thing when the answer shows.
    expect(await settings.getByText(/No webhook secret is set/).count()).toBe(0);
  });
});

test('a conversation deleted on another device goes without a "No messages yet" in between', async ({
  page,
}) => {
  const token = 'e2e-stale-token';
  const own = await openOwnServer(page, [`you:${token}`], ['--demo']);
  try {
    await expect(conversations(page).getByRole('option').first()).toBeVisible({ timeout: 20_000 });
    // The whole list is fetched only every few rounds; here, as good as never.
    await page.getByRole('button', { name: 'Settings' }).click();
    const listInterval = page.getByRole('spinbutton', { name: 'Conversation list' });
    await listInterval.fill('3600');
    await listInterval.blur();
    await page.keyboard.press('Escape');
    // The most recently active conversation: its newest messages are in every round's fetch.
    const title = await firstConversationTitle(page, 0);
    const id = await row(page, title).getAttribute('data-id');
    await openConversation(page, await firstConversationTitle(page, 1));

    const deleted = await own.as(token, `/v1/conversations/${id}`, { method: 'DELETE' });
    expect(deleted.status).toBe(200);
    // Until the row goes, it keeps what it showed: never an empty conversation.
    await expect
      .poll(
        async () => {
          const shown = await row(page, title).allTextContents();
          if (shown.length === 0) return 'gone';
          return shown.some((text) => text.includes('No messages yet')) ? 'empty' : 'kept';
        },
        { timeout: 20_000, intervals: [200] },
      )
      .toBe('gone');
  } finally {
    await own.stop();
  }
});
