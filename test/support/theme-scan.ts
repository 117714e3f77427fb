import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * In the light theme and then the dark: a screenshot to look at
 * (`test/.reports/screenshots/<shot>-<theme>.png`), and no violation of
 * axe's WCAG 2.1 AA and best-practice rules within `selector`.
 */
export async function screenshotAndScanThemes(page: Page, selector: string, shot: string) {
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await page.screenshot({ path: `test/.reports/screenshots/${shot}-${theme}.png` });
    const scan = await new AxeBuilder({ page })
      .include(selector)
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
      .analyze();
    expect(scan.violations.map((violation) => `${theme}: ${violation.id}`)).toEqual([]);
  }
}
