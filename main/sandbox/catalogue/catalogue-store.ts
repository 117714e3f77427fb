import type { DatabaseSync, SQLOutputValue } from 'node:sqlite';
import type { Invoice, OrderLine, Product, Shipment, UpdatedOrder } from './payloads.ts';

type Row = Record<string, SQLOutputValue>;

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

/** Statuses are bound as one JSON array so a single prepared statement serves any set. */
const IN_STATUSES = 'status IN (SELECT value FROM json_each(:statuses))';

export function createCatalogueStore(db: DatabaseSync): CatalogueStore {
  const upsertProduct = db.prepare(`
    INSERT INTO catalogue_products (ean, name, price, type, status, for_sale, updated)
    VALUES (:ean, :name, :price, :type, :status, :forSale, :updated)
    ON CONFLICT (ean) DO UPDATE SET name = :name, price = :price, type = :type,
      status = :status, for_sale = :forSale, updated = :updated`);
  const removeProduct = db.prepare('DELETE FROM catalogue_products WHERE ean = ?');
  const pickProduct = db.prepare(`
    SELECT * FROM catalogue_products WHERE (:forSale IS NULL OR for_sale = :forSale)
    ORDER BY random() LIMIT 1`);
  const countProducts = db.prepare('SELECT count(*) AS n FROM catalogue_products');

  const upsertOrder = db.prepare(`
    INSERT INTO catalogue_orders (id, number, customer_id, status, origin, order_date, delivery_date, updated)
    VALUES (:id, :number, :customerId, :status, :origin, :orderDate, :deliveryDate, :updated)
    ON CONFLICT (id) DO UPDATE SET status = :status, delivery_date = :deliveryDate, updated = :updated`);
  const insertLine = db.prepare(`
    INSERT OR IGNORE INTO catalogue_order_lines (order_id, position, product_ean, quantity, price)
    VALUES (?, ?, ?, ?, ?)`);
  const pickOrder = db.prepare(
    `SELECT * FROM catalogue_orders WHERE ${IN_STATUSES} ORDER BY random() LIMIT 1`,
  );
  const orderLines = db.prepare(
    'SELECT * FROM catalogue_order_lines WHERE order_id = ? ORDER BY position',
  );
  const countOrders = db.prepare('SELECT count(*) AS n FROM catalogue_orders');

  const upsertShipment = db.prepare(`
    INSERT INTO catalogue_shipments (id, order_id, carrier, tracking_number, status, created, updated)
    VALUES (:id, :orderId, :carrier, :trackingNumber, :status, :created, :updated)
    ON CONFLICT (id) DO UPDATE SET status = :status, updated = :updated`);
  const pickShipment = db.prepare(`
    SELECT s.*, o.customer_id FROM catalogue_shipments s JOIN catalogue_orders o ON o.id = s.order_id
    WHERE s.${IN_STATUSES} ORDER BY random() LIMIT 1`);

  const upsertInvoice = db.prepare(`
    INSERT INTO catalogue_invoices (id, number, order_id, status, currency, total, issue_date, due_date, updated)
    VALUES (:id, :number, :orderId, :status, :currency, :total, :issueDate, :dueDate, :updated)
    ON CONFLICT (id) DO UPDATE SET status = :status, updated = :updated`);
  const pickInvoice = db.prepare(`
    SELECT i.*, o.customer_id FROM catalogue_invoices i JOIN catalogue_orders o ON o.id = i.order_id
    WHERE i.${IN_STATUSES} ORDER BY random() LIMIT 1`);
  const countInvoices = db.prepare('SELECT count(*) AS n FROM catalogue_invoices');
  const customerOf = db.prepare('SELECT customer_id FROM catalogue_orders WHERE id = ?');

  const customerIdOf = (orderId: string): string =>
    String((customerOf.get(orderId) as Row | undefined)?.customer_id ?? '');

  const toOrder = (row: Row): UpdatedOrder => ({
    id: String(row.id),
    number: String(row.number),
    customerId: String(row.customer_id),
    status: String(row.status),
    origin: String(row.origin),
    orderDate: String(row.order_date),
    lines: (orderLines.all(String(row.id)) as Row[]).map((line): OrderLine => ({
      productEan: String(line.product_ean),
      quantity: Number(line.quantity),
      price: String(line.price),
    })),
    deliveryDate: row.delivery_date === null ? null : String(row.delivery_date),
    updated: String(row.updated),
  });

  return {
    saveProduct({ ean, name, price, type, status, forSale, updated }) {
      upsertProduct.run({ ean, name, price, type, status, forSale: forSale ? 1 : 0, updated });
    },
    deleteProduct(ean) {
      removeProduct.run(ean);
    },
    randomProduct(filter) {
      const forSale = filter === undefined ? null : filter.forSale ? 1 : 0;
      const row = pickProduct.get({ forSale }) as Row | undefined;
      return row && toProduct(row);
    },
    productCount() {
      return Number((countProducts.get() as Row).n);
    },
    saveOrder(order) {
      const { id, number, customerId, status, origin, orderDate, deliveryDate, updated } = order;
      upsertOrder.run({ id, number, customerId, status, origin, orderDate, deliveryDate, updated });
      order.lines.forEach((line, position) =>
        insertLine.run(id, position, line.productEan, line.quantity, line.price),
      );
    },
    randomOrder(statuses) {
      const row = pickOrder.get({ statuses: JSON.stringify(statuses) }) as Row | undefined;
      return row && toOrder(row);
    },
    nextOrderNumber() {
      return 10_001 + Number((countOrders.get() as Row).n);
    },
    saveShipment(shipment) {
      const { id, orderId, carrier, trackingNumber, status, created, updated } = shipment;
      upsertShipment.run({ id, orderId, carrier, trackingNumber, status, created, updated });
      return { ...shipment, customerId: customerIdOf(shipment.orderId) };
    },
    randomShipment(statuses) {
      const row = pickShipment.get({ statuses: JSON.stringify(statuses) }) as Row | undefined;
      return row && toShipment(row);
    },
    saveInvoice(invoice) {
      const { id, number, orderId, status, currency, total, issueDate, dueDate, updated } = invoice;
      upsertInvoice.run({
        id,
        number,
        orderId,
        status,
        currency,
        total,
        issueDate,
        dueDate,
        updated,
      });
      return { ...invoice, customerId: customerIdOf(invoice.orderId) };
    },
    randomInvoice(statuses) {
      const row = pickInvoice.get({ statuses: JSON.stringify(statuses) }) as Row | undefined;
      return row && toInvoice(row);
    },
    nextInvoiceNumber() {
      return 1 + Number((countInvoices.get() as Row).n);
    },
  };
}

function toProduct(row: Row): Product {
  return {
    ean: String(row.ean),
    name: String(row.name),
    price: String(row.price),
    type: String(row.type),
    status: String(row.status),
    forSale: row.for_sale === 1,
    updated: String(row.updated),
  };
}

function toShipment(row: Row): Shipment {
  return {
    id: String(row.id),
    orderId: String(row.order_id),
    customerId: String(row.customer_id),
    carrier: String(row.carrier),
    trackingNumber: String(row.tracking_number),
    status: String(row.status),
    created: String(row.created),
    updated: String(row.updated),
  };
}

function toInvoice(row: Row): Invoice {
  return {
    id: String(row.id),
    number: String(row.number),
    orderId: String(row.order_id),
    customerId: String(row.customer_id),
    status: String(row.status),
    currency: String(row.currency),
    total: String(row.total),
    issueDate: String(row.issue_date),
    dueDate: String(row.due_date),
    updated: String(row.updated),
  };
}
