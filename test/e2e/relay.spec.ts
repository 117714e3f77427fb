import { expect, test, type Locator, type Page } from '@playwright/test';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  notification,
  relayCertificate,
  signedDelivery,
  startTestRelay,
  TOKENS,
} from '../relay/relay-harness.ts';
import { conversations, openActivity } from '../support/parley-app.ts';
import { startPreview } from '../support/preview-process.ts';
import { makeTempDir, removeTempDir } from '../support/temp-dir.ts';

const SHOTS = 'test/.reports/screenshots';

function settingsDialog(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Settings' });
}

async function shoot(page: Page, name: string) {
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await page.screenshot({ path: `${SHOTS}/${name}-${theme}.png` });
  }
}

/**
 * A shop's relay on this computer, serving HTTPS with a certificate the
 * preview trusts as a shop's computer trusts a real one (NODE_EXTRA_CA_CERTS),
 * and the app opened on the demo workspace, as a newcomer finds it.
 */
test('choosing a relay in settings: test, save, and events arrive with the relay’s state shown', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const relay = await startTestRelay();
  const certs = makeTempDir('parley-e2e-relay-ca-');
  const caFile = join(certs, 'relay-ca.pem');
  writeFileSync(caFile, (await relayCertificate()).cert);
  const preview = await startPreview([], { NODE_EXTRA_CA_CERTS: caFile });
  const host = new URL(relay.url).host;
  try {
    await page.goto(preview.url);
    await expect(conversations(page).getByRole('option').first()).toBeVisible({ timeout: 20_000 });

    await page.getByRole('button', { name: 'Settings' }).click();
    const settings = settingsDialog(page);
    await expect(
      settings.getByRole('radio', { name: 'Through a relay (recommended)' }),
    ).toBeChecked();
    const form = settings.getByRole('form', { name: 'Relay' });
    await form.getByRole('textbox', { name: 'Relay address' }).fill(relay.url);
    await form.getByRole('button', { name: 'Test connection' }).click();
    await expect(form.getByRole('alert')).toHaveText(
      'Enter the relay’s token: it is asked for again with every new address.',
    );

    await form.getByLabel('Relay token').fill('a-token-this-relay-does-not-know');
    await form.getByRole('button', { name: 'Test connection' }).click();
    await expect(form.getByRole('alert')).toHaveText(
      `The relay at ${host} answers, but does not accept this token.`,
    );
    await form.getByLabel('Relay token').fill(TOKENS[0] as string);
    await form.getByRole('button', { name: 'Test connection' }).click();
    await expect(form.getByRole('status').first()).toHaveText(
      `Connected: the relay at ${host} accepts the token. No event has reached it yet.`,
    );
    await form.getByRole('button', { name: 'Save relay' }).click();
    await expect(form.getByRole('status').first()).toHaveText(
      'Saved. Parley fetches the relay’s events from now on.',
    );
    await expect(form.getByLabel('Relay token')).toHaveValue('');
    await expect(form.getByLabel('Relay token')).toHaveAttribute(
      'placeholder',
      'Saved — type a new token to replace it',
    );
    await expect(form.getByText(`The relay at ${host} is connected.`)).toBeVisible();
    await settings
      .getByRole('heading', { name: 'Orders and catalogue' })
      .evaluate((element) => element.scrollIntoView({ block: 'start' }));
    await shoot(page, 'settings-orders-relay');
    await page.keyboard.press('Escape');

    const orders = ['SO-RELAY-1', 'SO-RELAY-2'].map((number) =>
      notification(
        'order.created',
        { id: `ord_${number}`, number, status: 'open' },
        new Date().toISOString(),
      ),
    );
    for (const order of orders) expect((await relay.post(signedDelivery(order))).status).toBe(200);

    await openActivity(page);
    const feed = page.getByRole('feed', { name: 'Events' });
    for (const number of ['SO-RELAY-1', 'SO-RELAY-2']) {
      await expect(feed.getByRole('article', { name: new RegExp(number) })).toBeVisible({
        timeout: 15_000,
      });
    }
    const state = page.getByRole('region', { name: 'Relay', exact: true });
    await expect(state.getByRole('status')).toContainText(`The relay at ${host} is connected.`);
    await expect(state.getByRole('status')).toContainText(/Last event received at \d/);
    // The demo's own relay is there too: the demo goes the way a shop's orders go.
    await expect(
      page.getByRole('region', { name: 'Demo relay' }).getByRole('status'),
    ).toContainText('The demo’s relay is connected.');
    await shoot(page, 'activity-relay-connected');

    // The relay goes away, and comes back with this app's token withdrawn.
    await relay.restart({ tokens: [TOKENS[1] as string] }, async () => {
      await expect(state.getByRole('status')).toContainText(
        new RegExp(`The relay at ${host.replace(/\./g, '\\.')} has been unreachable since \\d`),
        { timeout: 15_000 },
      );
      await expect(state.getByRole('status')).toContainText(
        'nothing answers there (is the relay running?). Parley keeps trying.',
      );
      await shoot(page, 'activity-relay-unreachable');
    });
    await expect(state.getByRole('status')).toContainText(
      `The relay at ${host} refused the token at`,
      { timeout: 15_000 },
    );
    await shoot(page, 'activity-relay-refused');

    await state.getByRole('button', { name: 'Open settings' }).click();
    await form.getByLabel('Relay token').fill(TOKENS[1] as string);
    await form.getByRole('button', { name: 'Save relay' }).click();
    await expect(form.getByText(`The relay at ${host} is connected.`)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(state.getByRole('status')).toContainText(`The relay at ${host} is connected.`);
  } finally {
    await preview.stop();
    await relay.stop().catch(() => {});
    removeTempDir(certs);
  }
});
