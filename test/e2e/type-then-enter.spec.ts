import { expect, test } from '@playwright/test';
import { openAppForEachTest } from '../support/parley-app.ts';

openAppForEachTest();

/*
 * A person who knows the name types it and presses Enter straight away,
 * before any list has caught up with the last letter. Enter must then open
 * the top match for all that was typed, never nothing and never the top of
 * a list left from a few letters earlier.
 */

const NAME = 'ines.garcia';

test('a name typed into search and Enter pressed at once opens that conversation', async ({
  page,
}) => {
  await page.getByRole('searchbox', { name: 'Search' }).focus();
  await page.keyboard.type(NAME);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: NAME })).toBeVisible();
});

test('a name typed into the quick switcher and Enter pressed at once opens it', async ({
  page,
}) => {
  await page.keyboard.press('Control+k');
  const dialog = page.getByRole('dialog', { name: 'Go to conversation' });
  await expect(dialog.getByRole('combobox', { name: 'Conversation name' })).toBeFocused();
  await expect(dialog.getByRole('option').first()).not.toContainText(NAME);
  await page.keyboard.type(NAME);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: NAME })).toBeVisible();
});

test('a contact typed into New conversation and Enter pressed at once opens that contact', async ({
  page,
}) => {
  await page.keyboard.press('Control+n');
  const dialog = page.getByRole('dialog', { name: 'New conversation' });
  await expect(dialog.getByRole('combobox', { name: 'Contact id or name' })).toBeFocused();
  // The contacts listed before a letter is typed start with another one.
  await expect(dialog.getByRole('option').first()).toBeVisible();
  await expect(dialog.getByRole('option').first()).not.toContainText(NAME);
  await page.keyboard.type(NAME);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 2, name: NAME })).toBeVisible();
});
