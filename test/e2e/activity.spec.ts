import { randomBytes } from 'node:crypto';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO_CONTACTS } from '../../main/sandbox/demo/demo-content.ts';
import { startSandbox, type Sandbox } from '../../main/sandbox/sandbox.ts';
import { CATALOGUE_EVENT_TYPES } from '../../shared/model/settings.ts';
import { conversations } from '../support/parley-app.ts';
import { freePort } from '../support/free-port.ts';
import { startPreview } from '../support/preview-process.ts';

const SHOTS = 'test/.reports/screenshots';
const TOKEN = 'e2e-activity-token';
// Long, as a real one is: the settings show the last four characters only of a secret of 32 or more.
const SECRET = `whsec_e2e_${randomBytes(24).toString('hex')}`;
const CUSTOMER = DEMO_CONTACTS[0]!;

const TITLES: Record<(typeof CATALOGUE_EVENT_TYPES)[number], string> = {
  'product.created': 'Product created',
  'product.updated': 'Product updated',
  'product.deleted': 'Product deleted',
  'order.created': 'New order',
  'order.updated': 'Order updated',
  'shipment.created': 'Shipment created',
  'shipment.updated': 'Shipment updated',
  'invoice.created': 'Invoice created',
  'invoice.updated': 'Invoice updated',
};

async function emit(catalogue: Sandbox, type: string, payload?: object) {
  const response = await fetch(`${catalogue.url}/_sandbox/events`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ type, payload }),
  });
  expect(response.status).toBe(202);
}

async function registrations(catalogue: Sandbox): Promise<unknown[]> {
  const response = await fetch(`${catalogue.url}/v1/webhooks`, {
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  return ((await response.json()) as { data: unknown[] }).data;
}

function settingsDialog(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Settings' });
}

function card(page: Page, name: string | RegExp): Locator {
  return page.getByRole('feed', { name: 'Events' }).getByRole('article', { name });
}

async function showType(page: Page, label: string) {
  await page.getByRole('combobox', { name: 'Event type' }).selectOption({ label });
}

/**
 * Two sandboxes, as the spec has two services: the preview signs in to the
 * messaging one at start, and the catalogue one starts only once the receiver
 * has made its self-signed certificate, so it can trust it from its first
 * delivery (exported through the settings page, as a user would).
 */
test('events from the catalogue service arrive over HTTPS and show in the activity view', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const messaging = await startSandbox({ users: [{ contactId: 'you', token: TOKEN }], demo: true });
  process.env.PARLEY_TOKEN = TOKEN;
  const preview = await startPreview(['--base-url', messaging.url]);
  delete process.env.PARLEY_TOKEN;
  let catalogue: Sandbox | null = null;
  try {
    await page.goto(preview.url);
    await expect(conversations(page).getByRole('option').first()).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('button', { name: 'Activity' })).toBeVisible();

    await page.getByRole('button', { name: 'Settings' }).click();
    const settings = settingsDialog(page);
    await settings.getByRole('radio', { name: 'Directly on this computer' }).check();
    const address = settings.getByRole('form', { name: 'Receiver address' });
    const port = await freePort();
    await address.getByRole('textbox', { name: 'Port' }).fill('0');
    await address.getByRole('button', { name: 'Save address' }).click();
    await expect(address.getByRole('alert')).toHaveText(/port must be a whole number from 1/);
    await address.getByRole('textbox', { name: 'Port' }).fill(String(port));
    await address.getByRole('button', { name: 'Save address' }).click();
    await expect(address.getByRole('status')).toHaveText('Saved.');
    await address.getByRole('checkbox', { name: /Receive catalogue webhooks/ }).check();
    const receiverUrl = `https://127.0.0.1:${port}/webhooks/catalogue`;
    await expect(settings.getByText(`Listening at ${receiverUrl}`)).toBeVisible();
    await expect(settings.getByText(/No webhook secret is set/)).toBeVisible();

    const secretForm = settings.getByRole('form', { name: 'Webhook secret' });
    await secretForm.getByLabel('Webhook secret').fill(SECRET);
    await secretForm.getByRole('button', { name: 'Save secret' }).click();
    await expect(
      secretForm.getByText(`A secret ending in …${SECRET.slice(-4)} is saved.`),
    ).toBeVisible();
    await expect(secretForm.getByLabel('Webhook secret')).toHaveValue('');
    await expect(settings.getByText(/No webhook secret is set/)).toHaveCount(0);

    await settings.getByRole('button', { name: 'Export certificate' }).click();
    const pemField = settings.getByRole('textbox', { name: 'Receiver certificate (PEM)' });
    await expect(pemField).toHaveValue(/^-----BEGIN CERTIFICATE-----/);
    catalogue = await startSandbox({
      users: [{ contactId: 'you', token: TOKEN }],
      demo: true,
      webhookSecret: SECRET,
      trustCa: await pemField.inputValue(),
      webhookBackoffMs: 200,
    });

    const register = settings.getByRole('form', { name: 'Register with the catalogue service' });
    await register.getByRole('textbox', { name: 'Catalogue service address' }).fill(catalogue.url);
    await register.getByLabel('Catalogue service token').fill('not-the-token');
    await register
      .getByRole('textbox', { name: 'Notification URL (HTTPS)' })
      .fill(receiverUrl.replace('https:', 'http:'));
    await register.getByRole('button', { name: 'Register' }).click();
    await expect(register.getByRole('alert')).toHaveText(/must start with https:\/\//);
    expect(await registrations(catalogue)).toEqual([]);

    await register.getByRole('button', { name: 'Use the receiver’s own address' }).click();
    await expect(register.getByRole('textbox', { name: 'Notification URL (HTTPS)' })).toHaveValue(
      receiverUrl,
    );
    await register.getByRole('button', { name: 'Register' }).click();
    await expect(register.getByRole('alert')).toHaveText(/did not accept the token/);

    await register.getByLabel('Catalogue service token').fill(TOKEN);
    await register.getByRole('button', { name: 'Register' }).click();
    await expect(register.getByRole('status')).toHaveText(
      /^Registered as \S+ for 9 event types\.$/,
    );
    expect(await registrations(catalogue)).toHaveLength(1);

    for (const [part, heading] of [
      ['receiver', 'Orders and catalogue'],
      ['registration', 'Registration'],
    ]) {
      await settings
        .getByRole('heading', { name: heading })
        .evaluate((element) => element.scrollIntoView({ block: 'start' }));
      for (const theme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: theme });
        await page.screenshot({ path: `${SHOTS}/settings-orders-${part}-${theme}.png` });
      }
    }
    await page.keyboard.press('Escape');

    for (const type of CATALOGUE_EVENT_TYPES) await emit(catalogue, type);
    const product = { ean: '8712345678906', name: 'E2E oak board', type: 'physical' };
    await emit(catalogue, 'product.updated', {
      ...product,
      price: '24.90',
      status: 'in_stock',
      forSale: true,
      updated: '2026-05-01T08:00:00Z',
    });
    await emit(catalogue, 'product.updated', {
      ...product,
      price: '19.90',
      status: 'low_stock',
      forSale: true,
      updated: '2026-05-02T08:00:00Z',
    });
    await emit(catalogue, 'order.created', {
      id: 'ord_e2e',
      number: 'SO-E2E-1',
      customerId: CUSTOMER,
      status: 'open',
      origin: 'webshop',
      orderDate: '2026-05-02T09:30:00Z',
      lines: [
        { productEan: '8712345678906', quantity: 3, price: '0.10' },
        { productEan: '8712345678913', quantity: 1, price: '0.20' },
      ],
    });

    const parcel = { carrier: 'DHL', status: 'label_created', customerId: CUSTOMER };
    await emit(catalogue, 'shipment.created', {
      ...parcel,
      id: 'shp_e2e',
      orderId: 'ord_e2e',
      trackingNumber: '3SE2E0001',
    });
    await emit(catalogue, 'shipment.created', {
      ...parcel,
      id: 'shp_e2e_unknown',
      orderId: 'ord_never_sent',
      trackingNumber: '3SE2E0002',
    });
    await emit(catalogue, 'invoice.created', {
      id: 'inv_e2e',
      number: 'INV-E2E-1',
      orderId: 'ord_e2e',
      customerId: CUSTOMER,
      status: 'open',
      currency: 'EUR',
      total: '0.50',
      issueDate: '2026-05-02T09:40:00Z',
      dueDate: '2026-05-16',
    });

    const rail = page.getByRole('navigation', { name: 'Sections' });
    await expect(rail.getByRole('button', { name: 'Activity, 15 new' })).toBeVisible({
      timeout: 30_000,
    });
    await rail.getByRole('button', { name: /^Activity/ }).click();
    await expect(page.getByRole('heading', { name: 'Activity', level: 2 })).toBeVisible();

    for (const type of CATALOGUE_EVENT_TYPES) {
      await showType(page, TITLES[type]);
      await expect(card(page, new RegExp(`^${TITLES[type]}: \\S`)).first()).toBeVisible();
    }

    await showType(page, 'Product updated');
    const changed = card(page, /^Product updated: E2E oak board/).first();
    await expect(
      changed.getByRole('heading', { name: 'Changed since the last update' }),
    ).toBeVisible();
    await expect(changed.getByRole('listitem')).toHaveText([
      /^Price\s*€24\.90\s*→?\s*now\s*€19\.90$/,
      /^Status\s*in stock\s*→?\s*now\s*low stock$/,
    ]);

    // A shop owner's reading: products by name beside the EAN, amounts in euros, orders by number.
    await showType(page, 'New order');
    const order = card(page, /^New order: SO-E2E-1/);
    const lines = order.getByRole('table', { name: 'Order lines' });
    await expect(lines.getByRole('row')).toHaveText([
      /^Product\s*Qty\s*Unit price\s*Amount$/,
      /^E2E oak board\s*EAN 8712345678906\s*3\s*€0\.10\s*€0\.30$/,
      /^Name not received yet\s*EAN 8712345678913\s*1\s*€0\.20\s*€0\.20$/,
      /^Total\s*€0\.50$/,
    ]);
    await expect(lines.getByRole('rowheader', { name: /E2E oak board/ })).toBeVisible();

    await showType(page, 'Shipment created');
    const shipped = card(page, /^Shipment created: SO-E2E-1, DHL 3SE2E0001/);
    await expect(shipped.getByRole('definition').filter({ hasText: 'SO-E2E-1' })).toBeVisible();
    await expect(shipped).not.toContainText('ord_e2e');
    const unknown = card(page, /^Shipment created: DHL 3SE2E0002/);
    await expect(unknown).toContainText('Details not received yet (ID ord_never_sent)');

    await showType(page, 'Invoice created');
    const invoice = card(page, /^Invoice created: INV-E2E-1 for SO-E2E-1/);
    await expect(invoice.getByRole('definition').filter({ hasText: '€0.50' })).toBeVisible();
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await page.screenshot({ path: `${SHOTS}/activity-invoices-${theme}.png` });
    }

    // The order number leads to everything that happened to the order.
    await invoice.getByRole('button', { name: /^SO-E2E-1: show this order’s events$/ }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Events of order SO-E2E-1' }),
    ).toBeVisible();
    await expect(page.getByRole('feed', { name: 'Events' }).getByRole('article')).toHaveText([
      /^Invoice created/,
      /^Shipment created/,
      /^New order/,
    ]);
    await expect(
      card(page, /^New order: SO-E2E-1/).getByRole('button', { name: /^All events/ }),
    ).toHaveCount(0);
    await page.getByRole('button', { name: 'Show all events' }).click();
    await showType(page, 'New order');
    await card(page, /^New order: SO-E2E-1/)
      .getByRole('button', { name: 'All events of SO-E2E-1' })
      .click();
    await expect(page.getByRole('feed', { name: 'Events' }).getByRole('article')).toHaveCount(3);
    await page.getByRole('button', { name: 'Show all events' }).click();
    await showType(page, 'All events');
    await expect(rail.getByRole('button', { name: 'Activity', exact: true })).toBeVisible();
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await page.screenshot({ path: `${SHOTS}/activity-feed-${theme}.png` });
      const scan = await new AxeBuilder({ page })
        .include('.activity')
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .analyze();
      expect(scan.violations.map((violation) => `${theme}: ${violation.id}`)).toEqual([]);
    }

    await showType(page, 'New order');
    await order.getByRole('button', { name: /^Message customer/ }).click();
    const conversation = page.getByRole('main', { name: 'Conversation' });
    await expect(conversation.getByRole('heading', { level: 2 })).toBeVisible();
    await expect(
      conversation.getByText(new RegExp(`^${CUSTOMER.replaceAll('.', '\\.')}( ·|$)`)).first(),
    ).toBeVisible();

    await page.getByRole('button', { name: 'Settings' }).click();
    await settingsDialog(page)
      .getByRole('checkbox', { name: /Offer “Message customer”/ })
      .uncheck();
    await page.keyboard.press('Escape');
    await rail.getByRole('button', { name: /^Activity/ }).click();
    await expect(order.getByRole('table', { name: 'Order lines' })).toBeVisible();
    await expect(order.getByRole('button', { name: /^Message customer/ })).toHaveCount(0);
  } finally {
    await preview.stop();
    await catalogue?.close();
    await messaging.close();
  }
});
