import { expect, test, type Page } from '@playwright/test';
import {
  firstConversationTitle,
  openAppForEachTest,
  openConversation,
  send,
  unique,
} from '../support/parley-app.ts';

openAppForEachTest();

/** A message sent in the nth conversation, its React picker opened and More emoji asked for. */
async function sendAndOpenEveryEmoji(page: Page, nth: number, text: string) {
  await openConversation(page, await firstConversationTitle(page, nth));
  const sent = await send(page, unique(text));
  await sent.hover();
  await sent.getByRole('button', { name: 'React' }).click();
  const picker = page.getByRole('dialog', { name: 'React to this message' });
  await picker.getByRole('button', { name: 'More emoji' }).click();
  return { sent, picker };
}

test('a reaction does not mark a message as edited', async ({ page }) => {
  await openConversation(page, await firstConversationTitle(page, 4));
  const sent = await send(page, unique('react to me'));
  await expect(sent.getByRole('img', { name: /^(Sent|Delivered|Read)$/ })).toBeVisible();
  await sent.hover();
  await sent.getByRole('button', { name: 'React' }).click();
  await page
    .getByRole('dialog', { name: 'React to this message' })
    .getByRole('button', { name: 'thumbs up' })
    .click();
  // Shown at once, then confirmed by the server's copy (whose updated_at the reaction moved).
  await expect(sent.getByRole('button', { name: /^thumbs up/ })).toBeVisible();
  // The message shows "Sending" while its reaction waits; after that, the server's copy is in.
  await expect(sent.getByRole('img', { name: 'Sending' })).toHaveCount(0);
  await expect(sent.getByRole('img', { name: /^(Sent|Delivered|Read)$/ })).toBeVisible();
  await expect(sent).not.toContainText('Edited');
});

test('reactions show as emoji, named for what they are and who reacted', async ({ page }) => {
  // Demo conversations carry reactions sent as words ("like", "love", ...).
  await openConversation(page, await firstConversationTitle(page, 0));
  const chip = page
    .getByRole('region', { name: 'Messages' })
    .getByRole('group', { name: 'Reactions' })
    .getByRole('button')
    .first();
  await expect(chip).toHaveAccessibleName(
    /^(thumbs up|red heart|face with tears of joy|face with open mouth|crying face|folded hands), \d+: /,
  );
  await expect(chip).toHaveText(/^[^a-z]+\d+$/);
});

test('every emoji is there to react with, the bundled font draws it, and it comes first next time', async ({
  page,
}) => {
  const { sent, picker } = await sendAndOpenEveryEmoji(page, 5, 'party time');
  await picker.getByRole('searchbox', { name: 'Search emoji' }).fill('party popper');
  await picker.getByRole('gridcell', { name: 'Party popper' }).click();
  await expect(sent.getByRole('button', { name: '🎉, 1: you' })).toBeVisible();

  const faces = await page.evaluate(async () =>
    (await document.fonts.load('16px "Parley Emoji"', '🎉')).map((face) => face.status),
  );
  expect(faces.length).toBeGreaterThan(0);
  expect(faces.every((status) => status === 'loaded')).toBe(true);

  await sent.hover();
  await sent.getByRole('button', { name: 'React' }).click();
  await expect(
    picker.getByRole('group', { name: 'Quick reactions' }).getByRole('button').first(),
  ).toHaveAccessibleName('🎉');
});

test('More emoji takes the name typed next, and Enter reacts with the first match', async ({
  page,
}) => {
  const { sent, picker } = await sendAndOpenEveryEmoji(page, 4, 'lift off');
  // Straight after the click, as a person does: no waiting for the picker to appear.
  await page.keyboard.type('rocket');
  await page.keyboard.press('Enter');
  await expect(picker).toHaveCount(0);
  await expect(sent.getByRole('button', { name: '🚀, 1: you' })).toBeVisible();
});
