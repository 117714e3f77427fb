import { expect, test } from '@playwright/test';
import {
  message,
  openAppForEachTest,
  openConversation,
  openOwnServer,
  send,
  startConversation,
  thread,
  unique,
} from '../support/parley-app.ts';

test.describe('in the demo workspace', () => {
  openAppForEachTest();

  test('@ and a few letters offer contacts; Enter puts the name in, and it shows as a mention', async ({
    page,
  }) => {
    await openConversation(page, 'release-crew');
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.pressSequentially('thanks @to');
    const offered = page.getByRole('listbox', { name: 'Mention someone' });
    await expect(offered.getByRole('option').first()).toHaveText('@tom.nguyen');
    await box.press('Enter');
    await expect(box).toHaveValue('thanks @tom.nguyen ');
    await expect(offered).toBeHidden();

    // Typed straight through, as a person who knows the name does: Enter waits for the list.
    const words = unique('for the fix');
    await box.pressSequentially(`${words}, and @rav`);
    await box.press('Enter');
    await expect(box).toHaveValue(`thanks @tom.nguyen ${words}, and @ravi.patel `);

    // Esc closes the list and leaves the words; Enter then sends.
    await box.pressSequentially('and @nobody-here');
    await box.press('Escape');
    await box.press('Enter');
    const sent = message(page, words);
    await expect(sent.locator('.mention')).toHaveText([
      '@tom.nguyen',
      '@ravi.patel',
      '@nobody-here',
    ]);

    // A mention leads to that person: their conversation, or New conversation with their name.
    await sent.getByRole('button', { name: '@nobody-here' }).click();
    const dialog = page.getByRole('dialog', { name: 'New conversation' });
    await expect(dialog.getByRole('combobox', { name: 'Contact id or name' })).toHaveValue(
      'nobody-here',
    );
    await page.keyboard.press('Escape');
    await sent.getByRole('button', { name: '@tom.nguyen' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'tom.nguyen' })).toBeVisible();
  });
});

test('a message that mentions you is marked, and your name in it stands out', async ({ page }) => {
  const own = await openOwnServer(page, ['you:e2e-you', 'bob:e2e-bob']);
  try {
    await startConversation(page, 'bob');
    await send(page, 'hi bob');
    const { data } = (await (await own.as('e2e-bob', '/v1/conversations')).json()) as {
      data: { id: string }[];
    };
    for (const text of ['can @you look at this?', 'and tell carol@example.com']) {
      await own.as('e2e-bob', '/v1/messages', {
        method: 'POST',
        body: JSON.stringify({ conversation_id: data[0]!.id, message: text }),
      });
    }
    await expect(thread(page).getByRole('article', { name: 'bob, mentions you' })).toHaveText(
      /can @you look at this\?/,
    );
    await expect(thread(page).getByRole('article', { name: 'bob, mentions you' })).toHaveCount(1);
    await expect(message(page, 'can @you').locator('.mention-you')).toHaveText('@you');
  } finally {
    await own.stop();
  }
});
