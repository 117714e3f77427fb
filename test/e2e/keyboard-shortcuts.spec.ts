import { expect, test } from '@playwright/test';
import {
  firstConversationTitle,
  openAppForEachTest,
  openConversation,
} from '../support/parley-app.ts';

openAppForEachTest();

test('Ctrl+/ lists the keys from the middle of a message, and Esc goes back to it', async ({
  page,
}) => {
  await openConversation(page, await firstConversationTitle(page, 0));
  const composer = page.getByRole('textbox', { name: 'Message' });
  await composer.pressSequentially('half a thought');
  await composer.press('Control+/');

  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Writing' })).toBeVisible();
  const row = dialog.getByRole('term').filter({ hasText: 'Shift+Esc' });
  await expect(row).toHaveText('Shift+Esc');
  await expect(dialog.getByRole('definition').filter({ hasText: /^Mark all as read/ })).toHaveText(
    'Mark all as read (asks first when more than one)',
  );
  // This machine is not a Mac: Ctrl, as its keyboard prints it.
  await expect(dialog.getByRole('term').filter({ hasText: /Shift\+F$/ })).toHaveText(
    'Ctrl+Shift+F',
  );

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(composer).toBeFocused();
  await expect(composer).toHaveValue('half a thought');
});

test('Settings leads to the keyboard shortcuts too, and tooltips name the keys', async ({
  page,
}) => {
  const settingsButton = page.getByRole('button', { name: 'Settings' });
  await expect(settingsButton).toHaveAttribute('title', 'Settings (Ctrl+,)');
  await expect(settingsButton).toHaveAttribute('aria-keyshortcuts', 'Control+,');
  await settingsButton.click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await settings.getByRole('button', { name: 'Keyboard shortcuts' }).click();
  await expect(settings).toBeHidden();
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
});
