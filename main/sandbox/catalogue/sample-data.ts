import { randomBytes, randomInt } from 'node:crypto';
import { DEMO_CONTACTS } from '../demo/demo-content.ts';
import type { Random } from '../demo/random.ts';

/** Who orders when no list is given: contacts of the demo workspace, so the app can message them. */
export const DEFAULT_CUSTOMER_IDS = DEMO_CONTACTS.slice(0, 8);

/** Product kinds: goods that ship, goods that download, work done for the customer. */
export const PRODUCT_TYPES = ['physical', 'digital', 'service'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

/** What a small home-goods shop sells, each with the kind it is and its list price. */
export const PRODUCT_RANGE: readonly { name: string; type: ProductType; price: string }[] = [
  { name: 'Espresso cup, stoneware', type: 'physical', price: '9.50' },
  { name: 'Linen tea towel', type: 'physical', price: '12.90' },
  { name: 'Oak cutting board', type: 'physical', price: '34.00' },
  { name: 'Sewing pattern: linen apron (PDF)', type: 'digital', price: '6.50' },
  { name: 'Cast iron skillet 26 cm', type: 'physical', price: '49.95' },
  { name: 'Wool throw blanket', type: 'physical', price: '89.00' },
  { name: 'Knife sharpening service', type: 'service', price: '15.00' },
  { name: 'Ceramic planter, small', type: 'physical', price: '16.50' },
  { name: 'Enamel mug', type: 'physical', price: '11.00' },
  { name: 'E-book: Weeknight Suppers', type: 'digital', price: '9.99' },
  { name: 'Glass storage jar 1 l', type: 'physical', price: '7.95' },
  { name: 'Copper watering can', type: 'physical', price: '42.00' },
  { name: 'Recipe book: Weeknight Suppers', type: 'physical', price: '22.50' },
  { name: 'Desk lamp, brass', type: 'physical', price: '79.00' },
  { name: 'Bread baking workshop', type: 'service', price: '45.00' },
  { name: 'Cotton tote bag', type: 'physical', price: '14.00' },
];

/** A listed product in another colour, once the whole range is in the catalogue. */
export const COLOURS = ['sage', 'terracotta', 'slate blue', 'mustard', 'ivory'] as const;

/** Stock levels apply to goods on a shelf; downloads and services are always available. */
export const STOCK_STATUSES = ['in_stock', 'low_stock', 'out_of_stock'] as const;
export const ORDER_ORIGINS = ['webshop', 'marketplace', 'phone', 'store'] as const;
export const CARRIERS = ['DHL', 'PostNL', 'UPS', 'DPD', 'GLS'] as const;

const UNIT = 2 ** 47;
const fraction = () => randomInt(UNIT) / UNIT;

/** The live stream's randomness: unpredictable, from the system's generator. */
export const systemRandom: Random = {
  next: fraction,
  int: (min, max) => randomInt(min, max + 1),
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick() needs a non-empty list');
    return items[randomInt(items.length)] as T;
  },
  chance: (probability) => fraction() < probability,
};

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
