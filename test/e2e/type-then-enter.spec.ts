import { expect, test, type Page } from '@playwright/test';
import { openAppForEachTest } from '../support/parley-app.ts';

openAppForEachTest();

/*
 * A person who knows the name opens the box and types it straight away, then
 * presses Enter (or Down) before any list has caught up with the last letter.
 * Every letter must land, and the key must act on the list for all that was
 * typed: never nothing, never the top of a list left from a few letters earlier.
 */

const NAME = 'ines.garcia';

const PLACES: { place: string; openIt(page: Page): Promise<void> }[] = [
  {
    place: 'the search box',
    async openIt(page) {
      await page.getByRole('searchbox', { name: 'Search' }).focus();
    },
  },
  {
    place: 'the quick switcher',
    async openIt(page) {
      await page.keyboard.press('Control+k');
      const dialog = page.getByRole('dialog', { name: 'Go to conversation' });
      await expect(dialog.getByRole('combobox', { name: 'Conversation name' })).toBeFocused();
      await expect(dialog.getByRole('option').first()).not.toContainText(NAME);
    },
  },
  {
    place: 'New conversation',
    async openIt(page) {
      await page.keyboard.press('Control+n');
      const dialog = page.getByRole('dialog', { name: 'New conversation' });
      await expect(dialog.getByRole('combobox', { name: 'Contact id or name' })).toBeFocused();
      // The contacts listed before a letter is typed start with another one.
      await expect(dialog.getByRole('option').first()).toBeVisible();
      await expect(dialog.getByRole('option').first()).not.toContainText(NAME);
    },
  },
];

/** NAME typed, then `keys` pressed at once (`beforeKeys` checked in between): NAME is open. */
async function typeNameThen(page: Page, keys: string[], beforeKeys = async () => {}) {
  await page.keyboard.type(NAME);
  await beforeKeys();
  for (const key of keys) await page.keyboard.press(key);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 2, name: NAME })).toBeVisible();
}

for (const { place, openIt } of PLACES) {
  test(`a name typed into ${place} and Enter pressed at once opens that conversation`, async ({
    page,
  }) => {
    await openIt(page);
    await typeNameThen(page, ['Enter']);
  });
}

test('the letters typed right after Ctrl+K or Ctrl+N land in the dialog, and Enter opens the name', async ({
  page,
}) => {
  for (const [shortcut, field] of [
    ['Control+k', 'Conversation name'],
    ['Control+n', 'Contact id or name'],
  ] as const) {
    await page.keyboard.press(shortcut);
    await typeNameThen(page, ['Enter'], () =>
      expect(page.getByRole('combobox', { name: field })).toHaveValue(NAME),
    );
  }
});

test('a name typed into search and Down, Enter pressed at once open that conversation', async ({
  page,
}) => {
  await page.getByRole('searchbox', { name: 'Search' }).focus();
  await typeNameThen(page, ['ArrowDown', 'Enter']);
});
