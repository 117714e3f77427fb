import { expect, test, type Page } from '@playwright/test';
import { openAppForEachTest } from '../support/parley-app.ts';

const SHOTS = 'test/.reports/screenshots';

openAppForEachTest();

async function receiverForm(page: Page) {
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('radio', { name: 'Directly on this computer' }).check();
  const form = page.getByRole('form', { name: 'Receiver address' });
  await form.scrollIntoViewIfNeeded();
  await expect(form).toBeVisible();
  return form;
}

const savedHost = (page: Page) =>
  page.evaluate(async () => {
    const answer = await window.parley.invoke('settings:get', {});
    return answer.ok ? answer.value.settings.webhooks.host : null;
  });

test('moving the receiver off this computer asks first, and a plain settings update cannot', async ({
  page,
}) => {
  const form = await receiverForm(page);
  await form.getByRole('textbox', { name: 'Listen on' }).fill('0.0.0.0');
  await form.getByRole('button', { name: 'Save address' }).click();

  const confirm = form.getByRole('group', { name: 'Expose the receiver' });
  await expect(confirm).toContainText('Any computer that can reach this address');
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await form.screenshot({ path: `${SHOTS}/receiver-exposure-${theme}.png` });
  }
  await confirm.getByRole('button', { name: 'Keep it on this computer' }).click();
  await expect(confirm).toBeHidden();
  expect(await savedHost(page)).toBe('127.0.0.1');

  await form.getByRole('button', { name: 'Save address' }).click();
  await form.getByRole('button', { name: 'Listen on the network' }).click();
  await expect.poll(() => savedHost(page)).toBe('0.0.0.0');

  const plainUpdate = await page.evaluate(() =>
    window.parley.invoke('settings:update', { webhooks: { host: '192.0.2.1' } } as never),
  );
  expect(plainUpdate.ok).toBe(false);
  expect(await savedHost(page)).toBe('0.0.0.0');
});
