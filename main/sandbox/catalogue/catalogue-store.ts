import type { SandboxDatabase } from '../store/database.ts';
import type { Invoice, OrderLine, Product, Shipment, UpdatedOrder } from './payloads.ts';

/** Which orders to look at; an absent condition does not filter. */
export interface OrderFilter {
  statuses: readonly string[];
  /** It has a line for goods that ship (a physical product, or one no longer listed). */
  ships?: boolean;
  hasShipment?: boolean;
  hasInvoice?: boolean;
  /** Only this order. */
  id?: string;
}

export interface InvoiceFilter {
  statuses: readonly string[];
  /** Issued at or before this ISO time. */
  issuedBy?: string;
  /** Due before this ISO date. */
  dueBefore?: string;
}

/** Reads and writes the catalogue's resources in the shapes their payloads have. */
export interface CatalogueStore {
  saveProduct(product: Product): void;
  deleteProduct(ean: string): void;
  /** No product and no order: nothing has happened yet. */
  isEmpty(): boolean;
  /** The whole catalogue: a shop's few dozen products. */
  products(): Product[];
  /** Whether an order not yet delivered or cancelled has a line for it. */
  onOpenOrder(ean: string): boolean;
  saveOrder(order: UpdatedOrder): void;
  order(id: string): UpdatedOrder | undefined;
  /** Of those matching, the one that has waited longest since it last changed: shops work in order. */
  nextOrder(filter: OrderFilter): UpdatedOrder | undefined;
  nextOrderNumber(): number;
  saveShipment(shipment: Omit<Shipment, 'customerId'>): Shipment;
  nextShipment(statuses: readonly string[]): Shipment | undefined;
  saveInvoice(invoice: Omit<Invoice, 'customerId'>): Invoice;
  /** Of those matching, the one issued first. */
  nextInvoice(filter: InvoiceFilter): Invoice | undefined;
  nextInvoiceNumber(): number;
}

// Each query names its columns as the payload's fields, so a row is already the payload's shape.
const PRODUCT = `SELECT ean, name, price, type, status, for_sale AS forSale, updated
  FROM catalogue_products`;
const ORDER = `SELECT o.id, o.number, o.customer_id AS customerId, o.status, o.origin,
    o.order_date AS orderDate, o.delivery_date AS deliveryDate, o.updated
  FROM catalogue_orders o`;
const ORDER_LINES = `SELECT product_ean AS productEan, quantity, price
  FROM catalogue_order_lines WHERE order_id = ? ORDER BY position`;
const SHIPMENT = `SELECT s.id, s.order_id AS orderId, o.customer_id AS customerId, s.carrier,
    s.tracking_number AS trackingNumber, s.status, s.created, s.updated
  FROM catalogue_shipments s JOIN catalogue_orders o ON o.id = s.order_id`;
const INVOICE = `SELECT i.id, i.number, i.order_id AS orderId, o.customer_id AS customerId, i.status,
    i.currency, i.total, i.issue_date AS issueDate, i.due_date AS dueDate, i.updated
  FROM catalogue_invoices i JOIN catalogue_orders o ON o.id = i.order_id`;
// Conditions bound as 0, 1 or NULL (no filter); statuses as one JSON array.
const NEXT_ORDER = `${ORDER}
  WHERE o.status IN (SELECT value FROM json_each(:statuses))
    AND (:id IS NULL OR o.id = :id)
    AND (:ships IS NULL OR :ships = EXISTS (
      SELECT 1 FROM catalogue_order_lines l LEFT JOIN catalogue_products p ON p.ean = l.product_ean
      WHERE l.order_id = o.id AND coalesce(p.type, 'physical') = 'physical'))
    AND (:hasShipment IS NULL OR :hasShipment = EXISTS (
      SELECT 1 FROM catalogue_shipments s WHERE s.order_id = o.id))
    AND (:hasInvoice IS NULL OR :hasInvoice = EXISTS (
      SELECT 1 FROM catalogue_invoices i WHERE i.order_id = o.id))
  ORDER BY o.updated, o.rowid LIMIT 1`;
const NEXT_INVOICE = `${INVOICE}
  WHERE i.status IN (SELECT value FROM json_each(:statuses))
    AND (:issuedBy IS NULL OR i.issue_date <= :issuedBy)
    AND (:dueBefore IS NULL OR i.due_date < :dueBefore)
  ORDER BY i.issue_date, i.rowid LIMIT 1`;
const OPEN_ORDER_STATUSES = `('open', 'confirmed', 'shipped')`;

type StoredProduct = Omit<Product, 'forSale'> & { forSale: number };
const flag = (value: boolean | undefined) => (value === undefined ? null : value ? 1 : 0);

export function createCatalogueStore({ statement, row, rows }: SandboxDatabase): CatalogueStore {
  // Writes bind a whole resource by field name; fields without a column (customerId) are skipped.
  const upsert = (sql: string) => {
    const prepared = statement(sql);
    prepared.setAllowUnknownNamedParameters(true);
    return prepared;
  };
  const upsertProduct = upsert(`
    INSERT INTO catalogue_products (ean, name, price, type, status, for_sale, updated)
    VALUES (:ean, :name, :price, :type, :status, :forSale, :updated)
    ON CONFLICT (ean) DO UPDATE SET name = :name, price = :price, type = :type,
      status = :status, for_sale = :forSale, updated = :updated`);
  const upsertOrder = upsert(`
    INSERT INTO catalogue_orders (id, number, customer_id, status, origin, order_date, delivery_date, updated)
    VALUES (:id, :number, :customerId, :status, :origin, :orderDate, :deliveryDate, :updated)
    ON CONFLICT (id) DO UPDATE SET status = :status, delivery_date = :deliveryDate, updated = :updated`);
  const insertLine = upsert(`
    INSERT OR IGNORE INTO catalogue_order_lines (order_id, position, product_ean, quantity, price)
    VALUES (:orderId, :position, :productEan, :quantity, :price)`);
  const upsertShipment = upsert(`
    INSERT INTO catalogue_shipments (id, order_id, carrier, tracking_number, status, created, updated)
    VALUES (:id, :orderId, :carrier, :trackingNumber, :status, :created, :updated)
    ON CONFLICT (id) DO UPDATE SET status = :status, updated = :updated`);
  const upsertInvoice = upsert(`
    INSERT INTO catalogue_invoices (id, number, order_id, status, currency, total, issue_date, due_date, updated)
    VALUES (:id, :number, :orderId, :status, :currency, :total, :issueDate, :dueDate, :updated)
    ON CONFLICT (id) DO UPDATE SET status = :status, updated = :updated`);

  const count = (table: string) => row<{ n: number }>(`SELECT count(*) AS n FROM ${table}`)?.n ?? 0;
  const withCustomer = <T extends { orderId: string }>(resource: T) => ({
    ...resource,
    customerId:
      row<{ customerId: string }>(
        'SELECT customer_id AS customerId FROM catalogue_orders WHERE id = ?',
        resource.orderId,
      )?.customerId ?? '',
  });
  const withLines = (order: Omit<UpdatedOrder, 'lines'>): UpdatedOrder => ({
    ...order,
    lines: rows<OrderLine>(ORDER_LINES, order.id),
  });
  const found = <T>(sql: string, params: Record<string, string | number | null>) =>
    (statement(sql).get(params) as T | undefined) ?? undefined;

  return {
    saveProduct(product) {
      upsertProduct.run({ ...product, forSale: product.forSale ? 1 : 0 });
    },
    deleteProduct(ean) {
      statement('DELETE FROM catalogue_products WHERE ean = ?').run(ean);
    },
    isEmpty: () => count('catalogue_products') === 0 && count('catalogue_orders') === 0,
    products: () =>
      rows<StoredProduct>(`${PRODUCT} ORDER BY rowid`).map((product) => ({
        ...product,
        forSale: product.forSale === 1,
      })),
    onOpenOrder: (ean) =>
      row(
        `SELECT 1 FROM catalogue_order_lines l JOIN catalogue_orders o ON o.id = l.order_id
         WHERE l.product_ean = ? AND o.status IN ${OPEN_ORDER_STATUSES} LIMIT 1`,
        ean,
      ) !== null,
    saveOrder({ lines, ...order }) {
      upsertOrder.run(order);
      lines.forEach((line, position) => insertLine.run({ ...line, orderId: order.id, position }));
    },
    order(id) {
      const order = row<Omit<UpdatedOrder, 'lines'>>(`${ORDER} WHERE o.id = ?`, id);
      return order ? withLines(order) : undefined;
    },
    nextOrder(filter) {
      const order = found<Omit<UpdatedOrder, 'lines'>>(NEXT_ORDER, {
        statuses: JSON.stringify(filter.statuses),
        id: filter.id ?? null,
        ships: flag(filter.ships),
        hasShipment: flag(filter.hasShipment),
        hasInvoice: flag(filter.hasInvoice),
      });
      return order && withLines(order);
    },
    nextOrderNumber: () => 10_001 + count('catalogue_orders'),
    saveShipment(shipment) {
      upsertShipment.run({ ...shipment });
      return withCustomer(shipment);
    },
    nextShipment: (statuses) =>
      row<Shipment>(
        `${SHIPMENT} WHERE s.status IN (SELECT value FROM json_each(?))
         ORDER BY s.updated, s.rowid LIMIT 1`,
        JSON.stringify(statuses),
      ) ?? undefined,
    saveInvoice(invoice) {
      upsertInvoice.run({ ...invoice });
      return withCustomer(invoice);
    },
    nextInvoice: (filter) =>
      found<Invoice>(NEXT_INVOICE, {
        statuses: JSON.stringify(filter.statuses),
        issuedBy: filter.issuedBy ?? null,
        dueBefore: filter.dueBefore ?? null,
      }),
    nextInvoiceNumber: () => 1 + count('catalogue_invoices'),
  };
}
