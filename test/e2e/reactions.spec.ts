import { expect, test } from '@playwright/test';
import {
  firstConversationTitle,
  openAppForEachTest,
  openConversation,
  send,
  unique,
} from '../support/parley-app.ts';

openAppForEachTest();

test('a reaction does not mark a message as edited', async ({ page }) => {
  await openConversation(page, await firstConversationTitle(page, 4));
  const sent = await send(page, unique('react to me'));
  await expect(sent.getByRole('img', { name: /^(Sent|Delivered|Read)$/ })).toBeVisible();
  await sent.hover();
  await sent.getByRole('button', { name: 'React' }).click();
  await page.getByRole('menuitemcheckbox', { name: /like|thumbs up/i }).click();
  const footer = page.getByRole('status', { name: 'Connection' });
  await expect(footer).toContainText('sending');
  await expect(footer).not.toContainText('sending');
  await expect(sent.getByRole('button', { name: /^(like|thumbs up)/i })).toBeVisible();
  await expect(sent).not.toContainText('Edited');
});
