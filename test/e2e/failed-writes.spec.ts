import { expect, test } from '@playwright/test';
import {
  conversations,
  message,
  openAppForEachTest,
  send,
  startConversation,
} from '../support/parley-app.ts';

openAppForEachTest();

test('Enter in the new conversation dialog picks the highlighted suggestion', async ({ page }) => {
  await page.keyboard.press('Control+n');
  const dialog = page.getByRole('dialog', { name: 'New conversation' });
  const box = dialog.getByRole('combobox', { name: 'Contact id or name' });
  await box.fill('lucas');
  await expect(dialog.getByRole('option', { name: /lucas\.meyer/ })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await box.press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: 'lucas.meyer' })).toBeVisible();
});

test('a conversation the server refuses says why, and can be pointed at another contact', async ({
  page,
}) => {
  await startConversation(page, 'nobody-here');
  const problem = page.getByRole('alert').filter({ hasText: 'nobody-here' });
  await expect(problem).toContainText('The server has no contact “nobody-here”');
  const text = 'hello from a dead end';
  await send(page, text);
  await expect(message(page, text).getByRole('img', { name: 'Not sent' })).toBeVisible();

  await problem.getByRole('button', { name: 'Change the contact id' }).click();
  const id = page.getByRole('textbox', { name: 'Contact id' });
  await id.fill('lucas.meyer');
  await id.press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: 'lucas.meyer' })).toBeVisible();
  await expect(
    message(page, text).getByRole('img', { name: /^(Sent|Delivered|Read)$/ }),
  ).toBeVisible();
  await expect(conversations(page).getByRole('option', { name: /^nobody-here(,|$)/ })).toHaveCount(
    0,
  );
});

test('a refused conversation can be discarded with what was written in it', async ({ page }) => {
  await startConversation(page, 'nobody-either');
  const problem = page.getByRole('alert').filter({ hasText: 'nobody-either' });
  await expect(problem).toBeVisible();
  await problem.getByRole('button', { name: 'Discard the conversation' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'nobody-either' })).toHaveCount(0);
  await expect(
    conversations(page).getByRole('option', { name: /^nobody-either(,|$)/ }),
  ).toHaveCount(0);
  await expect(page.getByRole('status', { name: 'Connection' })).not.toContainText('not sent');
});

test('every failed change is listed with Retry and Discard', async ({ page }) => {
  await startConversation(page, 'nobody-at-all');
  const footer = page.getByRole('status', { name: 'Connection' });
  await expect(footer).toContainText('1 not sent');
  await footer.getByRole('button', { name: /not sent/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Changes not sent' });
  const entry = dialog.getByRole('listitem').filter({ hasText: 'nobody-at-all' });
  await expect(entry).toContainText('The server has no contact “nobody-at-all”');
  await expect(entry.getByRole('button', { name: 'Retry' })).toBeVisible();
  await entry.getByRole('button', { name: 'Discard' }).click();
  await expect(dialog).toContainText('Every change has been sent.');
  await expect(footer).not.toContainText('not sent');
});
