import { randomBytes, randomInt } from 'node:crypto';
import { DEMO_CONTACTS } from '../demo/demo-content.ts';

/** Who orders when no list is given: contacts of the demo workspace, so the app can message them. */
export const DEFAULT_CUSTOMER_IDS = DEMO_CONTACTS.slice(0, 8);

export const PRODUCT_NAMES = [
  'Espresso cup, stoneware',
  'Linen tea towel',
  'Oak cutting board',
  'Cast iron skillet 26 cm',
  'Wool throw blanket',
  'Ceramic planter, small',
  'Enamel mug',
  'Bamboo bath mat',
  'Glass storage jar 1 l',
  'Copper watering can',
  'Recipe book: Weeknight Suppers',
  'Gift card',
  'Knife sharpening service',
  'Desk lamp, brass',
  'Cotton tote bag',
];

/** Product kinds: goods that ship, goods that download, work done for the customer. */
export const PRODUCT_TYPES = ['physical', 'digital', 'service'] as const;
export const PRODUCT_STATUSES = ['in_stock', 'low_stock', 'out_of_stock', 'discontinued'] as const;
export const ORDER_ORIGINS = ['webshop', 'marketplace', 'phone', 'store'] as const;
export const CARRIERS = ['DHL', 'PostNL', 'UPS', 'DPD', 'GLS'] as const;

export function pick<T>(items: readonly T[]): T {
  const item = items[randomInt(items.length)];
  if (item === undefined) throw new Error('pick() needs a non-empty list');
  return item;
}

/** An EAN-13 with a valid GS1 check digit, so receivers that validate EANs accept it. */
export function randomEan(): string {
  let digits = '87';
  while (digits.length < 12) digits += String(randomInt(10));
  const sum = [...digits].reduce((total, d, i) => total + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return digits + String((10 - (sum % 10)) % 10);
}

export function randomId(prefix: string): string {
  return `${prefix}_${randomBytes(9).toString('base64url')}`;
}

export function randomTrackingNumber(): string {
  return `3S${randomBytes(6).toString('hex').toUpperCase()}`;
}
