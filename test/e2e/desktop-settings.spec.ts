import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { openAppForEachTest } from '../support/parley-app.ts';

const SHOTS = 'test/.reports/screenshots';
const ROOT = resolve(import.meta.dirname, '../..');

openAppForEachTest();

async function openDesktopSettings(page: Page) {
  await page.getByRole('button', { name: 'Settings' }).click();
  const section = page.getByRole('region', { name: 'Desktop' });
  await section.scrollIntoViewIfNeeded();
  await expect(section).toBeVisible();
  return section;
}

const savedDesktop = (page: Page) =>
  page.evaluate(async () => {
    const answer = await window.parley.invoke('settings:get', {});
    return answer.ok ? answer.value.settings.desktop : null;
  });

test('notifications can hide their text and be paused from settings, and resumed', async ({
  page,
}) => {
  const section = await openDesktopSettings(page);
  await section.getByRole('checkbox', { name: /Hide message text in notifications/ }).check();
  await expect.poll(async () => (await savedDesktop(page))?.hideNotificationText).toBe(true);

  await section.getByRole('button', { name: 'Pause for 1 hour' }).click();
  await expect(section.getByRole('status').first()).toHaveText(/^Notifications paused until /);
  const paused = await savedDesktop(page);
  expect(paused?.notificationsPausedUntil).toBeGreaterThan(Date.now() + 59 * 60_000);

  await section.getByRole('button', { name: 'Resume notifications' }).click();
  await expect(section.getByRole('button', { name: 'Pause until tomorrow' })).toBeVisible();
  expect((await savedDesktop(page))?.notificationsPausedUntil).toBeNull();
});

test('the preview says which settings only the desktop app applies', async ({ page }) => {
  const section = await openDesktopSettings(page);
  await expect(
    section.getByRole('checkbox', { name: /Keep Parley running in the tray/ }),
  ).toBeDisabled();
  const startAtLogin = section.getByRole('group', { name: 'Start at login' });
  for (const choice of ['Off', 'Open Parley', 'Start in the tray']) {
    await expect(startAtLogin.getByRole('radio', { name: choice })).toBeDisabled();
  }
  await expect(section.getByText('Updates come with the installed app.')).toBeVisible();
  await expect(section.getByRole('button', { name: 'Check now' })).toHaveCount(0);
});

for (const theme of ['light', 'dark'] as const) {
  test(`the desktop settings read well in the ${theme} theme`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: theme });
    const section = await openDesktopSettings(page);
    await section.screenshot({ path: `${SHOTS}/settings-desktop-${theme}.png` });
    const result = await new AxeBuilder({ page })
      .include('[aria-labelledby="settings-desktop"]')
      .withTags(['wcag2a', 'wcag2aa'])
      .analyze();
    expect(result.violations.map((violation) => violation.id)).toEqual([]);
  });
}

test('the preview serves the app icon as its favicon', async ({ page }) => {
  const origin = new URL(page.url()).origin;
  const response = await page.request.get(`${origin}/favicon.ico`);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('image/x-icon');
  expect(Buffer.from(await response.body())).toEqual(
    readFileSync(resolve(ROOT, 'build/favicon.ico')),
  );
});
