import { randomInt } from 'node:crypto';
import Big from 'big.js';
import type { CatalogueStore } from './catalogue-store.ts';
import type { EventType } from './event-types.ts';
import { orderCreatedPayload } from './payloads.ts';
import type { Invoice, OrderLine, Product, Shipment, UpdatedOrder } from './payloads.ts';
import {
  CARRIERS,
  ORDER_ORIGINS,
  PRODUCT_NAMES,
  PRODUCT_STATUSES,
  PRODUCT_TYPES,
  pick,
  randomEan,
  randomId,
  randomTrackingNumber,
} from './sample-data.ts';

/** Makes a realistic change to the catalogue and returns the payload announcing it. */
export interface EventGenerator {
  generate(type: EventType): object;
  /** Gives an empty catalogue a few products and orders, announcing nothing. */
  seed(): void;
}

const OPEN_ORDER = ['open', 'confirmed', 'shipped'];
const ANY_ORDER = [...OPEN_ORDER, 'delivered'];
const NEXT_ORDER_STATUS: Record<string, string> = {
  open: 'confirmed',
  confirmed: 'shipped',
  shipped: 'delivered',
};
const OPEN_SHIPMENT = ['label_created', 'in_transit', 'out_for_delivery'];
const NEXT_SHIPMENT_STATUS: Record<string, string> = {
  label_created: 'in_transit',
  in_transit: 'out_for_delivery',
  out_for_delivery: 'delivered',
};
const UNPAID_INVOICE = ['open', 'overdue'];
const PAYMENT_TERM_DAYS = 30;
const PRICE_CHANGES_PERCENT = [-15, -10, -5, 5, 10, 20];
const MIN_PRICE = 0.5;

export function createEventGenerator(
  store: CatalogueStore,
  customerIds: readonly string[],
): EventGenerator {
  const createProduct = (): Product => {
    const product: Product = {
      ean: randomEan(),
      name: pick(PRODUCT_NAMES),
      price: new Big(randomInt(195, 25_000)).div(100).toFixed(2),
      type: pick(PRODUCT_TYPES),
      status: 'in_stock',
      forSale: true,
      updated: nowIso(),
    };
    store.saveProduct(product);
    return product;
  };

  const createOrder = (): UpdatedOrder => {
    const products = new Map<string, Product>();
    for (let i = randomInt(1, 4); i > 0; i--) {
      const product = store.randomProduct({ forSale: true }) ?? createProduct();
      products.set(product.ean, product);
    }
    const lines = [...products.values()].map((product): OrderLine => ({
      productEan: product.ean,
      quantity: randomInt(1, 4),
      price: product.price,
    }));
    const now = nowIso();
    const order: UpdatedOrder = {
      id: randomId('ord'),
      number: `SO-${store.nextOrderNumber()}`,
      customerId: pick(customerIds),
      status: 'open',
      origin: pick(ORDER_ORIGINS),
      orderDate: now,
      lines,
      deliveryDate: null,
      updated: now,
    };
    store.saveOrder(order);
    return order;
  };

  const createShipment = (): Shipment => {
    const order = store.randomOrder(OPEN_ORDER) ?? createOrder();
    const now = nowIso();
    return store.saveShipment({
      id: randomId('shp'),
      orderId: order.id,
      carrier: pick(CARRIERS),
      trackingNumber: randomTrackingNumber(),
      status: 'label_created',
      created: now,
      updated: now,
    });
  };

  const createInvoice = (): Invoice => {
    const order = store.randomOrder(ANY_ORDER) ?? createOrder();
    const total = order.lines.reduce(
      (sum, line) => sum.plus(new Big(line.price).times(line.quantity)),
      new Big(0),
    );
    const now = new Date();
    return store.saveInvoice({
      id: randomId('inv'),
      number: `INV-${now.getUTCFullYear()}-${String(store.nextInvoiceNumber()).padStart(6, '0')}`,
      orderId: order.id,
      status: 'open',
      currency: 'EUR',
      total: total.toFixed(2),
      issueDate: now.toISOString(),
      dueDate: isoDate(addDays(now, PAYMENT_TERM_DAYS)),
      updated: now.toISOString(),
    });
  };

  const updateProduct = (): Product => {
    const product = store.randomProduct() ?? createProduct();
    const changed = { ...product, ...productChange(product), updated: nowIso() };
    store.saveProduct(changed);
    return changed;
  };

  const deleteProduct = (): { ean: string } => {
    const { ean } = store.randomProduct() ?? createProduct();
    store.deleteProduct(ean);
    return { ean };
  };

  const updateOrder = (): UpdatedOrder => {
    const order = store.randomOrder(OPEN_ORDER) ?? createOrder();
    const cancels = order.status !== 'shipped' && randomInt(10) === 0;
    const status = cancels ? 'cancelled' : (NEXT_ORDER_STATUS[order.status] ?? order.status);
    const deliveryDate =
      order.deliveryDate ??
      (status === 'confirmed' ? isoDate(addDays(new Date(), randomInt(2, 6))) : null);
    const changed = { ...order, status, deliveryDate, updated: nowIso() };
    store.saveOrder(changed);
    return changed;
  };

  const updateShipment = (): Shipment => {
    const shipment = store.randomShipment(OPEN_SHIPMENT) ?? createShipment();
    const status = NEXT_SHIPMENT_STATUS[shipment.status] ?? shipment.status;
    return store.saveShipment({ ...shipment, status, updated: nowIso() });
  };

  const updateInvoice = (): Invoice => {
    const invoice = store.randomInvoice(UNPAID_INVOICE) ?? createInvoice();
    const status = invoice.status === 'open' && randomInt(4) === 0 ? 'overdue' : 'paid';
    return store.saveInvoice({ ...invoice, status, updated: nowIso() });
  };

  const generators: Record<EventType, () => object> = {
    'product.created': createProduct,
    'product.updated': updateProduct,
    'product.deleted': deleteProduct,
    'order.created': () => orderCreatedPayload(createOrder()),
    'order.updated': updateOrder,
    'shipment.created': createShipment,
    'shipment.updated': updateShipment,
    'invoice.created': createInvoice,
    'invoice.updated': updateInvoice,
  };

  return {
    generate: (type) => generators[type](),
    seed() {
      if (store.productCount() > 0) return;
      for (let i = 0; i < 10; i++) createProduct();
      for (let i = 0; i < 4; i++) createOrder();
      createInvoice();
      createShipment();
    },
  };
}

/** One field changes per update, as a product information system would send it. */
function productChange(product: Product): Partial<Product> {
  const kind = randomInt(3);
  if (kind === 1) {
    const status = pick(PRODUCT_STATUSES.filter((s) => s !== product.status));
    return { status, forSale: status !== 'discontinued' && product.forSale };
  }
  if (kind === 2 && product.status !== 'discontinued') return { forSale: !product.forSale };
  const price = new Big(product.price).times(1 + pick(PRICE_CHANGES_PERCENT) / 100);
  return { price: (price.lt(MIN_PRICE) ? new Big(MIN_PRICE) : price).toFixed(2) };
}

function nowIso(): string {
  return new Date().toISOString();
}

function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * 86_400_000);
}

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}
