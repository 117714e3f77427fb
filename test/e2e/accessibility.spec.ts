import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import {
  conversations,
  firstConversationTitle,
  openAppForEachTest,
  openConversation,
} from '../support/parley-app.ts';

const SHOTS = 'test/.reports/screenshots';

openAppForEachTest();

async function seriousViolations(page: Page) {
  const result = await new AxeBuilder({ page })
    // Experimental rules too: label-content-name-mismatch among them.
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice', 'experimental'])
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) }));
}

for (const theme of ['light', 'dark'] as const) {
  test(`main screens have no serious accessibility violation in the ${theme} theme`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: theme });
    await openConversation(page, await firstConversationTitle(page, 9));
    await expect(
      page.getByRole('region', { name: 'Messages' }).getByRole('article').first(),
    ).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/thread-${theme}.png` });
    expect(await seriousViolations(page)).toEqual([]);

    await conversations(page).getByRole('option').first().click({ button: 'right' });
    await expect(page.getByRole('menu')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/conversation-menu-${theme}.png` });
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'New conversation' }).click();
    await expect(page.getByRole('dialog', { name: 'New conversation' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/new-conversation-${theme}.png` });
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Settings' }).click();
    await expect(page.getByRole('dialog', { name: 'Settings' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/settings-${theme}.png` });
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');

    await page.keyboard.press('Control+/');
    await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/keyboard-shortcuts-${theme}.png` });
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');

    await page.getByRole('searchbox', { name: 'Search' }).fill('thanks');
    await expect(page.getByRole('region', { name: 'Messages found' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/search-${theme}.png` });
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('searchbox', { name: 'Search' }).fill('');

    await page.getByRole('button', { name: /^Activity/ }).click();
    await expect(page.getByRole('heading', { name: 'Activity' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/activity-${theme}.png` });
    expect(await seriousViolations(page)).toEqual([]);
  });
}
