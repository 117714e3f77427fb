import Big from 'big.js';
import type { Random } from '../demo/random.ts';
import type { CatalogueStore } from './catalogue-store.ts';
import type { EventType } from './event-types.ts';
import { orderCreatedPayload } from './payloads.ts';
import type { Invoice, OrderLine, Product, Shipment, UpdatedOrder } from './payloads.ts';
import {
  CARRIERS,
  COLOURS,
  ORDER_ORIGINS,
  PRODUCT_RANGE,
  STOCK_STATUSES,
  randomEan,
  randomId,
  randomTrackingNumber,
} from './sample-data.ts';

/** One notification's worth: what happened, to what, when. */
export interface Emitted {
  type: EventType;
  payload: object;
  at: Date;
}

const DAY_MS = 86_400_000;
const PAYMENT_TERM_DAYS = 14;
const PRICE_CHANGES_PERCENT = [-15, -10, -5, 5, 10, 15];
const MIN_PRICE = '0.50';
const MIN_RANGE = 8;
const NEXT_SHIPMENT_STATUS: Record<string, string> = {
  label_created: 'in_transit',
  in_transit: 'out_for_delivery',
  out_for_delivery: 'delivered',
};

/**
 * The things that happen in a shop, each a real change to the catalogue that
 * keeps it coherent: goods are ordered while for sale and in stock; an order
 * is confirmed or cancelled, then invoiced, shipped when it holds goods that
 * ship, and delivered; its status follows its shipment; an invoice is paid,
 * or becomes overdue only once its due date has passed; only a discontinued
 * product no open order holds is deleted. Each returns the notifications it
 * causes, stamped `at`, or null when nothing in the catalogue can undergo it.
 */
export function createCatalogueActions(
  store: CatalogueStore,
  customerIds: readonly string[],
  random: Random,
) {
  const emitted = (type: EventType, payload: object, at: Date): Emitted[] => [
    { type, payload, at },
  ];

  const saveProduct = (product: Product, type: EventType, at: Date) => {
    store.saveProduct(product);
    return emitted(type, product, at);
  };

  const saveOrder = (order: UpdatedOrder, at: Date) => {
    store.saveOrder(order);
    return emitted('order.updated', order, at);
  };

  /**
   * The next product of the range not yet listed (of goods that ship, when
   * `physical`), else a new colour of one that is.
   */
  function list(at: Date, options: { physical?: boolean } = {}): Emitted[] {
    const listed = store.products();
    const names = new Set(listed.map((product) => product.name));
    const next = PRODUCT_RANGE.find(
      (item) => !names.has(item.name) && (!options.physical || item.type === 'physical'),
    );
    const base = next ?? random.pick(PRODUCT_RANGE.filter((item) => item.type === 'physical'));
    const name = next
      ? base.name
      : (COLOURS.map((colour) => `${base.name} (${colour})`).find((n) => !names.has(n)) ??
        `${base.name} (${randomEan().slice(-4)})`);
    return saveProduct(
      {
        ean: randomEan(),
        name,
        price: base.price,
        type: base.type,
        status: 'in_stock',
        forSale: true,
        updated: at.toISOString(),
      },
      'product.created',
      at,
    );
  }

  /** A price change, or (for goods on a shelf) the stock running down or being restocked. */
  function changeProduct(at: Date, product = pickProduct((p) => p.forSale)): Emitted[] | null {
    if (!product) return null;
    const stocked = product.type === 'physical';
    const change: Partial<Product> =
      stocked && random.chance(0.5)
        ? { status: nextStock(product.status) }
        : { price: reprice(product.price) };
    return saveProduct({ ...product, ...change, updated: at.toISOString() }, 'product.updated', at);
  }

  /** The one given, or any for sale while the shop still has a fair range. */
  function discontinue(at: Date, given?: Product): Emitted[] | null {
    const forSale = store.products().filter((p) => p.forSale);
    const product = given ?? (forSale.length > MIN_RANGE ? random.pick(forSale) : undefined);
    if (!product) return null;
    return saveProduct(
      { ...product, status: 'discontinued', forSale: false, updated: at.toISOString() },
      'product.updated',
      at,
    );
  }

  function remove(at: Date): Emitted[] | null {
    const product = pickProduct((p) => p.status === 'discontinued' && !store.onOpenOrder(p.ean));
    if (!product) return null;
    store.deleteProduct(product.ean);
    return emitted('product.deleted', { ean: product.ean }, at);
  }

  /** One to three products for sale and in stock; at least one that ships when `ships`. */
  function place(at: Date, options: { ships?: boolean } = {}): Emitted[] | null {
    const available = store
      .products()
      .filter((product) => product.forSale && product.status !== 'out_of_stock');
    const shipping = available.filter((product) => product.type === 'physical');
    if (available.length === 0 || (options.ships && shipping.length === 0)) return null;
    const chosen = new Set<Product>(options.ships ? [random.pick(shipping)] : []);
    const wanted = Math.min(random.int(1, 3), available.length);
    while (chosen.size < wanted) chosen.add(random.pick(available));
    const lines = [...chosen].map((product): OrderLine => ({
      productEan: product.ean,
      quantity: product.type === 'physical' ? random.int(1, 3) : 1,
      price: product.price,
    }));
    const order: UpdatedOrder = {
      id: randomId('ord'),
      number: `SO-${store.nextOrderNumber()}`,
      customerId: random.pick(customerIds),
      status: 'open',
      origin: random.pick(ORDER_ORIGINS),
      orderDate: at.toISOString(),
      lines,
      deliveryDate: null,
      updated: at.toISOString(),
    };
    store.saveOrder(order);
    return emitted('order.created', orderCreatedPayload(order), at);
  }

  /** Accepted: goods that ship get a delivery date a few days on. */
  function confirm(at: Date, orderId?: string): Emitted[] | null {
    const order = orderId ? store.order(orderId) : store.nextOrder({ statuses: ['open'] });
    if (order?.status !== 'open') return null;
    const deliveryDate = orderShips(order)
      ? isoDate(new Date(at.getTime() + random.int(2, 5) * DAY_MS))
      : null;
    return saveOrder(
      { ...order, status: 'confirmed', deliveryDate, updated: at.toISOString() },
      at,
    );
  }

  function cancel(at: Date): Emitted[] | null {
    const order = store.nextOrder({ statuses: ['open'] });
    if (!order) return null;
    return saveOrder({ ...order, status: 'cancelled', updated: at.toISOString() }, at);
  }

  /** An order of downloads and services only is delivered once confirmed. */
  function deliverWithoutShipping(at: Date): Emitted[] | null {
    const order = store.nextOrder({ statuses: ['confirmed'], ships: false });
    if (!order) return null;
    return saveOrder({ ...order, status: 'delivered', updated: at.toISOString() }, at);
  }

  function invoice(at: Date, orderId?: string): Emitted[] | null {
    const order = store.nextOrder({
      statuses: ['confirmed', 'shipped', 'delivered'],
      hasInvoice: false,
      ...(orderId && { id: orderId }),
    });
    if (!order) return null;
    const total = order.lines.reduce(
      (sum, line) => sum.plus(new Big(line.price).times(line.quantity)),
      new Big(0),
    );
    const issued: Invoice = store.saveInvoice({
      id: randomId('inv'),
      number: `INV-${at.getUTCFullYear()}-${String(store.nextInvoiceNumber()).padStart(6, '0')}`,
      orderId: order.id,
      status: 'open',
      currency: 'EUR',
      total: total.toFixed(2),
      issueDate: at.toISOString(),
      dueDate: isoDate(new Date(at.getTime() + PAYMENT_TERM_DAYS * DAY_MS)),
      updated: at.toISOString(),
    });
    return emitted('invoice.created', issued, at);
  }

  /** A label for a confirmed order of goods that ship, which has none yet. */
  function ship(at: Date): Emitted[] | null {
    const order = store.nextOrder({ statuses: ['confirmed'], ships: true, hasShipment: false });
    if (!order) return null;
    const shipment: Shipment = store.saveShipment({
      id: randomId('shp'),
      orderId: order.id,
      carrier: random.pick(CARRIERS),
      trackingNumber: randomTrackingNumber(),
      status: 'label_created',
      created: at.toISOString(),
      updated: at.toISOString(),
    });
    return emitted('shipment.created', shipment, at);
  }

  /** The parcel moves on; the order is shipped once it travels and delivered when it arrives. */
  function advanceShipment(at: Date): Emitted[] | null {
    const shipment = store.nextShipment(Object.keys(NEXT_SHIPMENT_STATUS));
    if (!shipment) return null;
    const status = NEXT_SHIPMENT_STATUS[shipment.status] as string;
    const moved = store.saveShipment({ ...shipment, status, updated: at.toISOString() });
    const events = emitted('shipment.updated', moved, at);
    const order = store.order(shipment.orderId);
    const orderStatus = { in_transit: 'shipped', delivered: 'delivered' }[status];
    if (order && orderStatus && order.status !== orderStatus) {
      // A millisecond after the parcel: the order follows it, in the feed too.
      const then = new Date(at.getTime() + 1);
      events.push(
        ...saveOrder({ ...order, status: orderStatus, updated: then.toISOString() }, then),
      );
    }
    return events;
  }

  /** Paid once `afterDays` have passed since it was issued; overdue only once its due date has. */
  function settle(at: Date, options: { overdue: boolean; afterDays?: number }): Emitted[] | null {
    const invoice = options.overdue
      ? store.nextInvoice({ statuses: ['open'], dueBefore: isoDate(at) })
      : store.nextInvoice({
          statuses: ['open', 'overdue'],
          issuedBy: new Date(at.getTime() - (options.afterDays ?? 0) * DAY_MS).toISOString(),
        });
    if (!invoice) return null;
    const status = options.overdue ? 'overdue' : 'paid';
    const saved = store.saveInvoice({ ...invoice, status, updated: at.toISOString() });
    return emitted('invoice.updated', saved, at);
  }

  function pickProduct(test: (product: Product) => boolean): Product | undefined {
    const candidates = store.products().filter(test);
    return candidates.length > 0 ? random.pick(candidates) : undefined;
  }

  function orderShips(order: UpdatedOrder): boolean {
    const types = new Map(store.products().map((product) => [product.ean, product.type]));
    return order.lines.some((line) => (types.get(line.productEan) ?? 'physical') === 'physical');
  }

  /** Stock runs down a step at a time and comes back in full. */
  function nextStock(status: string): string {
    if (status === 'out_of_stock') return 'in_stock';
    const index = STOCK_STATUSES.indexOf(status as (typeof STOCK_STATUSES)[number]);
    return STOCK_STATUSES[Math.min(index + 1, STOCK_STATUSES.length - 1)] ?? 'in_stock';
  }

  /** A few percent up or down, to the nearest 5 cents as shops price. */
  function reprice(price: string): string {
    const changed = new Big(price)
      .times(1 + random.pick(PRICE_CHANGES_PERCENT) / 100)
      .times(20)
      .round(0)
      .div(20);
    return (changed.lt(MIN_PRICE) ? new Big(MIN_PRICE) : changed).toFixed(2);
  }

  return {
    list,
    changeProduct,
    discontinue,
    remove,
    place,
    confirm,
    cancel,
    deliverWithoutShipping,
    invoice,
    ship,
    advanceShipment,
    settle,
  };
}

export type CatalogueActions = ReturnType<typeof createCatalogueActions>;

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}
