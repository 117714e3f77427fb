import { expect, test } from '@playwright/test';
import { conversations, openAppForEachTest } from '../support/parley-app.ts';
import { MINIMUM_SIZE } from '../../main/desktop/window-state.ts';

openAppForEachTest();

test('a first-run welcome explains the demo, Activity and signing in, and stays dismissed', async ({
  page,
}) => {
  const welcome = page.getByRole('region', { name: 'Getting started' });
  await expect(welcome).toContainText('demo workspace');
  await expect(welcome).toContainText('Activity');
  await expect(welcome).toContainText('access token');
  await welcome.getByRole('button', { name: 'Connect to your server…' }).click();
  await expect(page.getByRole('dialog', { name: 'Settings' })).toBeVisible();
  await page.keyboard.press('Escape');

  await welcome.getByRole('button', { name: 'Got it' }).click();
  await expect(welcome).toHaveCount(0);
  await page.reload();
  await expect(conversations(page).getByRole('option').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Getting started' })).toHaveCount(0);
});

test('empty places say what they are and what to do', async ({ page }) => {
  await page.getByRole('searchbox', { name: 'Search' }).fill('zzqx');
  await expect(page.getByRole('region', { name: 'Messages found' })).toContainText(
    'No message contains “zzqx”. Whole words match best',
  );
  await page.getByRole('searchbox', { name: 'Search' }).fill('');

  await page.keyboard.press('Control+n');
  const dialog = page.getByRole('dialog', { name: 'New conversation' });
  await dialog.getByRole('combobox', { name: 'Contact id or name' }).fill('someone-new');
  await dialog.getByRole('button', { name: 'Start conversation' }).click();
  await expect(page.getByText(/^No messages here yet\. Write the first one below/)).toBeVisible();
});

test('in a small window the welcome opens at its top and scrolls to its buttons', async ({
  page,
}) => {
  await page.setViewportSize(MINIMUM_SIZE);
  const pane = page.getByRole('region', { name: 'No conversation open' });
  const welcome = page.getByRole('region', { name: 'Getting started' });
  const paneBox = await pane.boundingBox();
  const heading = await welcome.getByRole('heading', { name: 'Getting started' }).boundingBox();
  // Centred in a pane shorter than it, its heading was above the window, out of reach.
  expect(heading!.y).toBeGreaterThanOrEqual(paneBox!.y);

  const gotIt = welcome.getByRole('button', { name: 'Got it' });
  await gotIt.scrollIntoViewIfNeeded();
  await expect(gotIt).toBeInViewport();
  await gotIt.click();
  await expect(welcome).toHaveCount(0);
});
