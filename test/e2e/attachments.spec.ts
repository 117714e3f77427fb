import { expect, test, type Page } from '@playwright/test';
import {
  firstConversationTitle,
  message,
  openAppForEachTest,
  openConversation,
  thread,
  unique,
} from '../support/parley-app.ts';

openAppForEachTest();
test.beforeEach(async ({ page }) => {
  await openConversation(page, await firstConversationTitle(page, 3));
});

test('link attachments wait as removable chips and arrive in the thread with the message', async ({
  page,
}) => {
  await page.getByRole('button', { name: 'Attach a link' }).click();
  const form = page.getByRole('form', { name: 'Attach a link' });
  await expect(form.getByRole('textbox', { name: 'Link' })).toBeFocused();

  await form.getByRole('textbox', { name: 'Link' }).fill('ftp://files.example.com/report.pdf');
  await form.getByRole('button', { name: 'Add attachment' }).click();
  await expect(form.getByRole('alert')).toHaveText(/^Enter a web link/);

  await form.getByRole('textbox', { name: 'Link' }).fill('https://picsum.photos/seed/e2e/640/480');
  await form.getByRole('textbox', { name: 'Name' }).fill('harbour.jpg');
  await form.getByRole('textbox', { name: 'Type' }).fill('image/jpeg');
  await form.getByRole('textbox', { name: 'Size in bytes' }).fill('52000');
  await form.getByRole('button', { name: 'Add attachment' }).click();
  await form.getByRole('textbox', { name: 'Link' }).fill('https://files.example.com/q3/report.pdf');
  await form.getByRole('textbox', { name: 'Link' }).press('Enter');

  const pending = page.getByRole('list', { name: 'Attachments to send' });
  await expect(pending.getByRole('listitem')).toHaveText([/harbour\.jpg\s*51 KB/, /report\.pdf/]);
  await pending.getByRole('button', { name: 'Remove attachment report.pdf' }).click();
  await expect(pending.getByRole('listitem')).toHaveText([/harbour\.jpg/]);
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeFocused();
  await page.screenshot({ path: 'test/.reports/screenshots/composer-attachments.png' });

  const text = unique('the harbour at dawn');
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  await page.getByRole('textbox', { name: 'Message' }).press('Enter');
  const sent = message(page, text);
  await expect(sent.getByRole('button', { name: 'Open image harbour.jpg' })).toBeVisible();
  await expect(sent.getByRole('img', { name: /^(Sent|Delivered|Read)$/ })).toBeVisible({
    timeout: 20_000,
  });
  await expect(pending).toHaveCount(0);
  await expect(form).toHaveCount(0);
});

test('an attachment alone can be sent, all from the keyboard', async ({ page }) => {
  const attach = page.getByRole('button', { name: 'Attach a link' });
  await attach.focus();
  await page.keyboard.press('Enter');
  const name = `${unique('minutes').replace(' ', '-')}.pdf`;
  await page.keyboard.type(`https://files.example.com/notes/${name}`);
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('list', { name: 'Attachments to send' }).getByRole('listitem'),
  ).toHaveText([new RegExp(name.replace('.', '\\.'))]);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('form', { name: 'Attach a link' })).toHaveCount(0);
  await expect(attach).toBeFocused();

  await page.keyboard.press('Tab');
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeFocused();
  await page.keyboard.press('Enter');
  const sent = thread(page).getByRole('article').filter({ hasText: name });
  await expect(
    sent.getByRole('button', { name: new RegExp(`^${name.replace('.', '\\.')}`) }),
  ).toBeVisible();
  await expect(page.getByRole('list', { name: 'Attachments to send' })).toHaveCount(0);
});

test('an image link typed without https:// or a type arrives as an image', async ({ page }) => {
  await page.getByRole('button', { name: 'Attach a link' }).click();
  const form = page.getByRole('form', { name: 'Attach a link' });
  await form.getByRole('textbox', { name: 'Link' }).fill('images.example.com/trip/lake.JPG');
  await form.getByRole('textbox', { name: 'Link' }).press('Enter');
  await expect(
    page.getByRole('list', { name: 'Attachments to send' }).getByRole('listitem'),
  ).toHaveText([/lake\.JPG/]);
  const text = unique('the lake');
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  await page.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(
    message(page, text).getByRole('button', { name: 'Open image lake.JPG' }),
  ).toBeVisible();
});

/** What a drag from a web page or the file manager carries, dropped on the composer. */
async function drop(page: Page, fill: (data: DataTransfer) => void) {
  const data = await page.evaluateHandle(
    `(() => { const data = new DataTransfer(); (${fill.toString()})(data); return data; })()`,
  );
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.dispatchEvent('dragover', { dataTransfer: data });
  await box.dispatchEvent('drop', { dataTransfer: data });
}

test('a picture dragged from a web page is attached by its link; a file from the computer says why not', async ({
  page,
}) => {
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill('look');
  await drop(page, (data) => {
    data.items.add(new File(['minutes'], 'notes.txt', { type: 'text/plain' }));
  });
  await expect(page.getByText(/^Files cannot be attached: the Messaging API takes/)).toBeVisible();
  await expect(page.getByRole('list', { name: 'Attachments to send' })).toHaveCount(0);
  await expect(box).toHaveValue('look');

  await drop(page, (data) => {
    data.setData('text/uri-list', 'https://pictures.example.com/2026/harbour.JPG');
  });
  const pending = page.getByRole('list', { name: 'Attachments to send' });
  await expect(
    pending.getByRole('button', { name: 'Remove attachment harbour.JPG' }),
  ).toBeVisible();
  await expect(box).toHaveValue('look');
  await box.press('Enter');
  await expect(
    message(page, 'look')
      .last()
      .getByRole('button', { name: /^Open image/ }),
  ).toBeVisible();
});
