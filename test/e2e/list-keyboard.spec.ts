import { expect, test, type Page } from '@playwright/test';
import {
  conversations,
  openOwnServer,
  optionNames,
  send,
  startConversation,
} from '../support/parley-app.ts';

const nextSecond = () =>
  new Promise((resolve) => setTimeout(resolve, 1_050 - (Date.now() % 1_000)));

const titles = async (page: Page) =>
  (await optionNames(conversations(page))).map((name) => name.split(',')[0]);

test('a message that lifts another conversation leaves the keyboard on the row it was on', async ({
  page,
}) => {
  const own = await openOwnServer(page, [
    'you:e2e-you',
    'bob:e2e-bob',
    'carol:e2e-carol',
    'dan:e2e-dan',
  ]);
  try {
    // Each in a second of its own: the server keeps whole seconds, and two messages of one
    // second list in the server's order, which the list takes up only once it has synced.
    for (const contact of ['bob', 'carol', 'dan']) {
      await nextSecond();
      await startConversation(page, contact);
      const sent = await send(page, `hello ${contact}`);
      await expect(sent.getByRole('img', { name: /^(Sent|Delivered|Read)$/ })).toBeVisible();
    }
    const [top, middle, last] = ['dan', 'carol', 'bob'];
    await expect.poll(() => titles(page)).toEqual([top, middle, last]);
    // So the message that lifts the last one is a second newer than them all, and lifts it.
    await nextSecond();

    // On the middle row from the keyboard when the last one's contact writes: theirs goes on top.
    await conversations(page).focus();
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowDown');
    const created = await own.as(`e2e-${last}`, '/v1/conversations', {
      method: 'POST',
      body: JSON.stringify({ contact_id: 'you' }),
    });
    const { id } = (await created.json()) as { id: string };
    await own.as(`e2e-${last}`, '/v1/messages', {
      method: 'POST',
      body: JSON.stringify({ conversation_id: id, message: 'news!' }),
    });
    await expect.poll(() => titles(page), { timeout: 15_000 }).toEqual([last, top, middle]);

    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 2, name: middle })).toBeVisible();
  } finally {
    await own.stop();
  }
});
