import { expect, test } from '@playwright/test';
import {
  conversations,
  message,
  openOwnServer,
  startConversation,
  thread,
} from '../support/parley-app.ts';

/**
 * A conversation just started has a local id until the server confirms it,
 * and then goes on under the server's id. What the user picked or was typing
 * for the next message in between must go on with it. The server answers
 * slowly, so the user picks and types before it has confirmed.
 */
test('an attachment picked and a link half typed before the server confirms a new conversation stay, and are sent', async ({
  page,
}) => {
  const own = await openOwnServer(
    page,
    ['you:e2e-you', 'bob:e2e-bob'],
    ['--faults', 'latency=1500'],
  );
  try {
    await startConversation(page, 'bob');
    const stillCreating = conversations(page).getByRole('option', { name: /^bob,.*sending$/ });
    await page.getByRole('button', { name: 'Attach a link' }).click();
    const link = page
      .getByRole('form', { name: 'Attach a link' })
      .getByRole('textbox', { name: 'Link' });
    await link.fill('https://files.example.com/q3/report.pdf');
    await link.press('Enter');
    const pending = page.getByRole('list', { name: 'Attachments to send' });
    await expect(pending.getByRole('listitem')).toHaveText([/report\.pdf/]);
    await link.fill('https://files.example.com/q3/figures.csv');
    await expect(stillCreating).toBeVisible();

    await expect(stillCreating).toHaveCount(0, { timeout: 15_000 });
    await expect(pending.getByRole('listitem')).toHaveText([/report\.pdf/]);
    await expect(link).toHaveValue('https://files.example.com/q3/figures.csv');
    await link.press('Enter');
    await expect(pending.getByRole('listitem')).toHaveText([/report\.pdf/, /figures\.csv/]);
    await page.getByRole('textbox', { name: 'Message' }).fill('the report');
    await page.getByRole('textbox', { name: 'Message' }).press('Enter');
    const sent = message(page, 'the report');
    await expect(sent.getByRole('button', { name: /^report\.pdf/ })).toBeVisible();
    await expect(sent.getByRole('button', { name: /^figures\.csv/ })).toBeVisible();
    await expect(sent.getByRole('img', { name: /^(Sent|Delivered|Read)$/ })).toBeVisible({
      timeout: 20_000,
    });
  } finally {
    await own.stop();
  }
});

test('the thread keeps the keyboard where it was when the server confirms a new conversation', async ({
  page,
}) => {
  const own = await openOwnServer(
    page,
    ['you:e2e-you', 'bob:e2e-bob'],
    ['--faults', 'latency=1500'],
  );
  try {
    await startConversation(page, 'bob');
    const stillCreating = conversations(page).getByRole('option', { name: /^bob,.*sending$/ });
    const composer = page.getByRole('textbox', { name: 'Message' });
    for (const text of ['one', 'two', 'three']) {
      await composer.fill(text);
      await composer.press('Enter');
    }
    await expect(message(page, 'three')).toBeVisible();
    // The user clicks into the list to read it with the keyboard.
    await thread(page).click({ position: { x: 8, y: 8 } });
    await expect(thread(page)).toBeFocused();
    await expect(stillCreating).toBeVisible();

    await expect(stillCreating).toHaveCount(0, { timeout: 15_000 });
    await expect(
      message(page, 'three').getByRole('img', { name: /^(Sent|Delivered|Read)$/ }),
    ).toBeVisible({ timeout: 20_000 });
    await expect(thread(page)).toBeFocused();
    await page.keyboard.press('Home');
    await expect(message(page, 'one')).toBeInViewport();
  } finally {
    await own.stop();
  }
});

test('a short thread sits at the bottom, next to the composer, as chat reads', async ({ page }) => {
  const own = await openOwnServer(page, ['you:e2e-you', 'bob:e2e-bob']);
  try {
    await startConversation(page, 'bob');
    const composer = page.getByRole('textbox', { name: 'Message' });
    await composer.fill('hello bob');
    await composer.press('Enter');
    const sent = message(page, 'hello bob');
    // Measured once the server has it: its row is drawn afresh under the server's id then.
    await expect(sent.getByRole('img', { name: /^(Sent|Delivered|Read)$/ })).toBeVisible();
    const list = await thread(page).boundingBox();
    // The pane is far taller than one message; the message is at its foot, not its head.
    expect(list!.height).toBeGreaterThan(300);
    const gapBelow = async () => {
      const last = await sent.boundingBox();
      return last === null ? Infinity : list!.y + list!.height - (last.y + last.height);
    };
    await expect.poll(gapBelow).toBeLessThan(40);
  } finally {
    await own.stop();
  }
});
