import { expect, test, type Page } from '@playwright/test';
import { freePort } from '../support/free-port.ts';
import {
  conversations,
  openAppForEachTest,
  openOwnServer,
  send,
  startConversation,
} from '../support/parley-app.ts';
import { MINIMUM_SIZE } from '../../main/desktop/window-state.ts';

test.describe('in the demo workspace', () => {
  openAppForEachTest();

  test('removing local data on sign-out names the unsent changes and asks first', async ({
    page,
  }) => {
    await startConversation(page, 'nobody-to-lose');
    await send(page, 'not sent, and not to be lost');
    await expect(page.getByRole('status', { name: 'Connection' })).toContainText('2 not sent');

    await page.getByRole('button', { name: 'Settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Settings' });
    await settings.getByRole('checkbox', { name: /Also remove messages/ }).check();
    await settings.getByRole('button', { name: 'Sign out' }).click();
    const warning = settings.getByRole('alert');
    await expect(warning).toContainText('2 changes have not been sent yet');
    await warning.getByRole('button', { name: 'Cancel' }).click();
    await expect(settings.getByRole('button', { name: 'Sign out' })).toBeVisible();

    await settings.getByRole('button', { name: 'Sign out' }).click();
    await settings.getByRole('button', { name: 'Remove them and sign out' }).click();
    await expect(page.getByRole('button', { name: 'Try the demo workspace' })).toBeVisible();
  });

  test('in the smallest window, the sign-in screen with kept work opens at its top and scrolls to the demo', async ({
    page,
  }) => {
    await page.setViewportSize(MINIMUM_SIZE);
    await startConversation(page, 'nobody-to-lose');
    await send(page, 'kept while signed out');
    await expect(page.getByRole('status', { name: 'Connection' })).toContainText('2 not sent');
    await page.getByRole('button', { name: 'Settings' }).click();
    await page
      .getByRole('dialog', { name: 'Settings' })
      .getByRole('button', { name: 'Sign out' })
      .click();

    const welcome = page.getByRole('main');
    await expect(welcome.getByRole('status').filter({ hasText: 'not been sent' })).toBeVisible();
    // Centred in a window shorter than it, the card's top was cut off, its heading against the
    // window's edge: in view, the card's border and 28 px of padding are above the heading.
    const heading = await welcome.getByRole('heading', { name: 'Parley', level: 1 }).boundingBox();
    expect(heading!.y).toBeGreaterThan(28);
    const demo = welcome.getByRole('button', { name: 'Try the demo workspace' });
    await demo.scrollIntoViewIfNeeded();
    await expect(demo).toBeInViewport();
    await demo.click();
    await expect(page.getByRole('status', { name: 'Connection' })).toContainText('2 not sent');
  });
});

test.describe('words', () => {
  openAppForEachTest();

  test('an unreachable server is named in a sentence with a way out, never a system code', async ({
    page,
  }) => {
    const port = await freePort();
    await page.getByRole('button', { name: 'Settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Settings' });
    // As a person types it, without http://: this computer's address is taken as http.
    await settings.getByRole('textbox', { name: 'Server address' }).fill(`127.0.0.1:${port}`);
    await settings.getByLabel('Access token').fill('any-token');
    await settings.getByRole('button', { name: 'Test and connect' }).click();
    const refusal = settings.getByRole('alert');
    await expect(refusal).toHaveText(
      `Parley could not reach 127.0.0.1:${port}: nothing answered there. Check the address, or try again later.`,
    );
    await expect(refusal).not.toContainText('ECONNREFUSED');
  });
});

/** The test's body on a server of its own (user `you`, with this token), stopped after it. */
async function onOwnServer(page: Page, token: string, body: (url: string) => Promise<void>) {
  const own = await openOwnServer(page, [`you:${token}`], ['--demo']);
  try {
    await body(own.url);
  } finally {
    await own.stop();
  }
}

async function signOutKeepingData(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Settings' }).click();
  await page
    .getByRole('dialog', { name: 'Settings' })
    .getByRole('button', { name: 'Sign out' })
    .click();
}

test('right after signing out, the token field no longer says a token is saved', async ({
  page,
}) => {
  await onOwnServer(page, 'e2e-signout-token', async () => {
    await page.getByRole('button', { name: 'Settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Settings' });
    await expect(settings.getByLabel('Access token')).toHaveAttribute('placeholder', /^Saved/);
    await settings.getByRole('button', { name: 'Sign out' }).click();
    const token = page.getByRole('main').getByLabel('Access token');
    await expect(token).toBeVisible();
    await expect(token).toHaveAttribute('placeholder', 'Paste your token');
  });
});

test('signing out keeps unsent work, says where it waits, and that server is offered to sign in again', async ({
  page,
}) => {
  await onOwnServer(page, 'e2e-kept-token', async (url) => {
    await startConversation(page, 'nobody-here');
    await send(page, 'kept for later');
    await expect(page.getByRole('status', { name: 'Connection' })).toContainText('2 not sent');

    await signOutKeepingData(page);
    const welcome = page.getByRole('main');
    await expect(welcome.getByRole('status').filter({ hasText: 'not been sent' })).toHaveText(
      `2 changes you made on ${new URL(url).host} have not been sent. ` +
        'They are kept on this computer: connect to that server again to send them.',
    );
    await expect(welcome.getByRole('textbox', { name: 'Server address' })).toHaveValue(url);

    await welcome.getByLabel('Access token').fill('e2e-kept-token');
    await welcome.getByRole('button', { name: 'Test and connect' }).click();
    await expect(page.getByRole('status', { name: 'Connection' })).toContainText('2 not sent');
    await expect(conversations(page).getByRole('option', { name: /^nobody-here,/ })).toContainText(
      'kept for later',
    );
  });
});

test('work kept for a server that is gone can be dropped from the sign-in screen, and the demo opens', async ({
  page,
}) => {
  await onOwnServer(page, 'e2e-gone-token', async () => {
    await startConversation(page, 'nobody-here');
    await signOutKeepingData(page);
    const welcome = page.getByRole('main');
    await welcome.getByRole('button', { name: 'Try the demo workspace' }).click();
    await expect(
      page
        .getByRole('alert')
        .filter({ hasText: 'remove it from this computer on the sign-in screen' }),
    ).toBeVisible();

    await welcome.getByRole('button', { name: 'Remove it from this computer…' }).click();
    const confirm = welcome.getByRole('alert').filter({ hasText: 'drops it for good' });
    await confirm.getByRole('button', { name: 'Remove it' }).click();
    await expect(welcome.getByText(/not been sent/)).toHaveCount(0);
    await welcome.getByRole('button', { name: 'Try the demo workspace' }).click();
    await expect(conversations(page).getByRole('option').first()).toBeVisible();
  });
});
