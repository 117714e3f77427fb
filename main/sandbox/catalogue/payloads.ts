/**
 * The resources as they go out in notification payloads. Product and order fields are the
 * spec's tables, exactly; the rest are the sandbox's documented decisions (README).
 */
export interface Product {
  ean: string;
  name: string;
  /** Decimal amount as text, two decimals. */
  price: string;
  type: string;
  status: string;
  forSale: boolean;
  updated: string;
}

export interface OrderLine {
  productEan: string;
  quantity: number;
  price: string;
}

/** Exactly the spec's order table: the payload of order.created. */
export interface Order {
  id: string;
  number: string;
  customerId: string;
  status: string;
  origin: string;
  orderDate: string;
  lines: OrderLine[];
}

/** The payload of order.updated: the order plus what changes after creation. */
export interface UpdatedOrder extends Order {
  /** ISO 8601 date (no time), set once the order is confirmed. */
  deliveryDate: string | null;
  updated: string;
}

export interface Shipment {
  id: string;
  orderId: string;
  customerId: string;
  carrier: string;
  trackingNumber: string;
  status: string;
  created: string;
  updated: string;
}

export interface Invoice {
  id: string;
  number: string;
  orderId: string;
  customerId: string;
  status: string;
  currency: string;
  total: string;
  issueDate: string;
  /** ISO 8601 date (no time). */
  dueDate: string;
  updated: string;
}

export function orderCreatedPayload(order: UpdatedOrder): Order {
  const { id, number, customerId, status, origin, orderDate, lines } = order;
  return { id, number, customerId, status, origin, orderDate, lines };
}
