import type { SandboxDatabase } from '../store/database.ts';
import type { Invoice, OrderLine, Product, Shipment, UpdatedOrder } from './payloads.ts';

/** Reads and writes the catalogue's resources in the shapes their payloads have. */
export interface CatalogueStore {
  saveProduct(product: Product): void;
  deleteProduct(ean: string): void;
  randomProduct(filter?: { forSale: boolean }): Product | undefined;
  productCount(): number;
  saveOrder(order: UpdatedOrder): void;
  randomOrder(statuses: readonly string[]): UpdatedOrder | undefined;
  nextOrderNumber(): number;
  saveShipment(shipment: Omit<Shipment, 'customerId'>): Shipment;
  randomShipment(statuses: readonly string[]): Shipment | undefined;
  saveInvoice(invoice: Omit<Invoice, 'customerId'>): Invoice;
  randomInvoice(statuses: readonly string[]): Invoice | undefined;
  nextInvoiceNumber(): number;
}

// Each query names its columns as the payload's fields, so a row is already the payload's shape.
const PRODUCT = `SELECT ean, name, price, type, status, for_sale AS forSale, updated
  FROM catalogue_products`;
const ORDER = `SELECT id, number, customer_id AS customerId, status, origin, order_date AS orderDate,
    delivery_date AS deliveryDate, updated
  FROM catalogue_orders`;
const ORDER_LINES = `SELECT product_ean AS productEan, quantity, price
  FROM catalogue_order_lines WHERE order_id = ? ORDER BY position`;
const SHIPMENT = `SELECT s.id, s.order_id AS orderId, o.customer_id AS customerId, s.carrier,
    s.tracking_number AS trackingNumber, s.status, s.created, s.updated
  FROM catalogue_shipments s JOIN catalogue_orders o ON o.id = s.order_id`;
const INVOICE = `SELECT i.id, i.number, i.order_id AS orderId, o.customer_id AS customerId, i.status,
    i.currency, i.total, i.issue_date AS issueDate, i.due_date AS dueDate, i.updated
  FROM catalogue_invoices i JOIN catalogue_orders o ON o.id = i.order_id`;

type StoredProduct = Omit<Product, 'forSale'> & { forSale: number };

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
  // Statuses are bound as one JSON array so a single prepared statement serves any set.
  const randomIn = <T>(query: string, statuses: readonly string[]) =>
    row<T>(
      `SELECT * FROM (${query}) WHERE status IN (SELECT value FROM json_each(?))
       ORDER BY random() LIMIT 1`,
      JSON.stringify(statuses),
    ) ?? undefined;
  const withLines = (order: Omit<UpdatedOrder, 'lines'>): UpdatedOrder => ({
    ...order,
    lines: rows<OrderLine>(ORDER_LINES, order.id),
  });

  return {
    saveProduct(product) {
      upsertProduct.run({ ...product, forSale: product.forSale ? 1 : 0 });
    },
    deleteProduct(ean) {
      statement('DELETE FROM catalogue_products WHERE ean = ?').run(ean);
    },
    randomProduct(filter) {
      const forSale = filter === undefined ? null : filter.forSale ? 1 : 0;
      const found = row<StoredProduct>(
        `${PRODUCT} WHERE (?1 IS NULL OR for_sale = ?1) ORDER BY random() LIMIT 1`,
        forSale,
      );
      return found ? { ...found, forSale: found.forSale === 1 } : undefined;
    },
    productCount: () => count('catalogue_products'),
    saveOrder({ lines, ...order }) {
      upsertOrder.run(order);
      lines.forEach((line, position) => insertLine.run({ ...line, orderId: order.id, position }));
    },
    randomOrder(statuses) {
      const found = randomIn<Omit<UpdatedOrder, 'lines'>>(ORDER, statuses);
      return found && withLines(found);
    },
    nextOrderNumber: () => 10_001 + count('catalogue_orders'),
    saveShipment(shipment) {
      upsertShipment.run({ ...shipment });
      return withCustomer(shipment);
    },
    randomShipment: (statuses) => randomIn<Shipment>(SHIPMENT, statuses),
    saveInvoice(invoice) {
      upsertInvoice.run({ ...invoice });
      return withCustomer(invoice);
    },
    randomInvoice: (statuses) => randomIn<Invoice>(INVOICE, statuses),
    nextInvoiceNumber: () => 1 + count('catalogue_invoices'),
  };
}
