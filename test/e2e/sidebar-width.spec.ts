import { expect, test, type Page } from '@playwright/test';
import { conversations, openAppForEachTest, thread } from '../support/parley-app.ts';

const splitter = (page: Page) => page.getByRole('separator', { name: 'Conversation list width' });
const listWidth = async (page: Page) =>
  Math.round(
    (await page.getByRole('complementary', { name: 'Conversations' }).boundingBox())!.width,
  );

async function drag(page: Page, by: number) {
  const box = (await splitter(page).boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + by / 2, y, { steps: 4 });
  await page.mouse.move(x + by, y, { steps: 4 });
  await page.mouse.up();
}

test.describe('in the demo workspace', () => {
  openAppForEachTest();

  test('the conversation list is dragged wider, stays so after a restart, and a double-click gives the default back', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const before = await listWidth(page);
    await drag(page, 120);
    expect(await listWidth(page)).toBe(before + 120);
    await expect(splitter(page)).toHaveAttribute('aria-valuenow', String(before + 120));

    await page.reload();
    await expect(conversations(page).getByRole('option').first()).toBeVisible();
    expect(await listWidth(page)).toBe(before + 120);

    await splitter(page).dblclick();
    expect(await listWidth(page)).toBe(before);
    await page.reload();
    await expect(conversations(page).getByRole('option').first()).toBeVisible();
    expect(await listWidth(page)).toBe(before);
  });

  test('the list’s edge moves with the arrow keys, Home and End, within its least and most', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const before = await listWidth(page);
    await splitter(page).focus();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    expect(await listWidth(page)).toBe(before - 32);
    await page.keyboard.press('Home');
    expect(await listWidth(page)).toBe(272);
    await page.keyboard.press('ArrowLeft');
    expect(await listWidth(page)).toBe(272);
    await page.keyboard.press('End');
    expect(await listWidth(page)).toBe(560);
    await expect(splitter(page)).toHaveAttribute('aria-valuemax', '560');
    // The rows still read: a wide list gives its names the room, not emptiness.
    await expect(conversations(page).getByRole('option').first()).toBeVisible();
  });

  test('a wide list gives way when the window narrows, so the thread keeps room to read', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await splitter(page).focus();
    await page.keyboard.press('End');
    expect(await listWidth(page)).toBe(560);
    await conversations(page).getByRole('option').first().click();

    await page.setViewportSize({ width: 760, height: 560 });
    await expect.poll(() => listWidth(page)).toBe(760 - 64 - 360);
    const messages = (await thread(page).boundingBox())!;
    expect(Math.round(messages.width)).toBeGreaterThanOrEqual(360);
    await expect(splitter(page)).toHaveAttribute('aria-valuenow', String(760 - 64 - 360));

    // Wide again, the width chosen comes back.
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect.poll(() => listWidth(page)).toBe(560);
  });
});
