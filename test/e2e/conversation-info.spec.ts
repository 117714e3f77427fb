import { expect, test } from '@playwright/test';
import {
  conversationAction,
  openAppForEachTest,
  openConversation,
  send,
  thread,
} from '../support/parley-app.ts';
import { screenshotAndScanThemes } from '../support/theme-scan.ts';

openAppForEachTest();

test('Conversation info lists the pictures and files shared; a picture opens where it was sent', async ({
  page,
}) => {
  await openConversation(page, 'maya.chen');
  const inThread = await thread(page)
    .getByRole('button', { name: /^Open image / })
    .count();
  await page.getByRole('button', { name: 'Conversation info' }).click();
  const info = page.getByRole('dialog', { name: 'Conversation info' });
  await expect(info.getByText('maya.chen', { exact: true })).toBeVisible();
  const pictures = info.getByRole('list', { name: 'Pictures' }).getByRole('button');
  await expect(pictures.first()).toBeVisible();
  expect(await pictures.count()).toBeGreaterThanOrEqual(inThread);
  await screenshotAndScanThemes(page, '.conversation-info', 'conversation-info');

  // The oldest picture listed: the thread goes to its message, and the viewer shows it.
  const oldest = pictures.last();
  const name = ((await oldest.getAttribute('aria-label')) ?? '').replace(/^Open image /, '');
  await oldest.click();
  const viewer = page.getByRole('dialog', { name });
  await expect(viewer).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(
    thread(page).getByRole('button', { name: `Open image ${name}`, exact: true }),
  ).toBeInViewport();
});

test('a file sent shows in the info of its conversation, from the list’s menu too', async ({
  page,
}) => {
  await openConversation(page, 'noah.berg');
  await page.getByRole('button', { name: 'Attach a link' }).click();
  const form = page.getByRole('form', { name: 'Attach a link' });
  await form.getByRole('textbox', { name: 'Link' }).fill('https://files.example.com/q3/budget.pdf');
  await form.getByRole('textbox', { name: 'Link' }).press('Enter');
  await send(page, 'the budget, as promised');

  await conversationAction(page, 'noah.berg', 'Conversation info');
  const info = page.getByRole('dialog', { name: 'Conversation info' });
  const files = info.getByRole('list', { name: 'Files' });
  await expect(files.getByRole('listitem').first()).toContainText('budget.pdf');
  await expect(files.getByRole('listitem').first()).toContainText('You');
  await files.getByRole('button', { name: 'Show budget.pdf in the conversation' }).click();
  await expect(info).toHaveCount(0);
  await expect(
    thread(page).getByRole('article').filter({ hasText: 'the budget, as promised' }),
  ).toBeInViewport();
});

test('a group’s info lists who wrote lately, and a click on one opens the conversation with them', async ({
  page,
}) => {
  await openConversation(page, 'release-crew');
  await expect(page.getByRole('heading', { level: 2, name: 'release-crew' })).toBeVisible();
  await page.getByRole('button', { name: 'Conversation info' }).click();
  const info = page.getByRole('dialog', { name: 'Conversation info' });
  const people = info.getByRole('region', { name: 'Who wrote lately' }).getByRole('button');
  await expect(people.first()).toBeVisible();
  const names = await people.allInnerTexts();
  expect(names).not.toContain('you');
  const person = names[0]?.trim() ?? '';
  await people.first().click();
  await expect(info).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 2, name: person })).toBeVisible();
});
