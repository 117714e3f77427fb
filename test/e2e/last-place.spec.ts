import { expect, test, type Page } from '@playwright/test';
import {
  conversations,
  firstConversationTitle,
  openActivity,
  openAppForEachTest,
  openConversation,
} from '../support/parley-app.ts';

async function restart(page: Page) {
  await page.reload();
  await expect(conversations(page).getByRole('option').first()).toBeVisible();
}

const sections = (page: Page) => page.getByRole('navigation', { name: 'Sections' });

test.describe('in the demo workspace', () => {
  openAppForEachTest();

  test('Parley opens again where it was left: the conversation that was open, or Activity', async ({
    page,
  }) => {
    const title = await firstConversationTitle(page, 2);
    await openConversation(page, title);
    await restart(page);
    await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible();

    await openActivity(page);
    await restart(page);
    await expect(page.getByRole('heading', { name: 'Activity', level: 2 })).toBeVisible();

    // Back in the conversations, the one that was open is open again.
    await sections(page)
      .getByRole('button', { name: /^Chats/ })
      .click();
    await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
    await restart(page);
    await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
  });

  test('a conversation deleted while Parley was closed is not opened to say it is gone', async ({
    page,
  }) => {
    const title = await firstConversationTitle(page, 1);
    await openConversation(page, title);
    // As the server would have it after the conversation went elsewhere: an id no longer known.
    await page.evaluate(() => {
      const place = JSON.parse(localStorage.getItem('parley.last-place') ?? '{}');
      localStorage.setItem(
        'parley.last-place',
        JSON.stringify({ ...place, conversationId: 'c_gone_meanwhile' }),
      );
    });
    await restart(page);
    await expect(page.getByRole('heading', { level: 2, name: title })).toHaveCount(0);
    await expect(page.getByText('This conversation no longer exists.')).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: 'Message' })).toHaveCount(0);
  });
});
