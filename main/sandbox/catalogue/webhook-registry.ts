import type { DatabaseSync, SQLOutputValue } from 'node:sqlite';
import type { EventType } from './event-types.ts';
import { randomId } from './sample-data.ts';

type Row = Record<string, SQLOutputValue>;

export interface Registration {
  id: string;
  notificationUrl: string;
  events: EventType[];
}

export interface Subscriber extends Registration {
  owner: string;
}

/** Webhook registrations, each owned by the contact whose token created it. */
export interface WebhookRegistry {
  create(owner: string, notificationUrl: string, events: EventType[]): Registration;
  list(owner: string): Registration[];
  get(owner: string, id: string): Registration | undefined;
  /** Returns whether the owner had a registration with that id. */
  delete(owner: string, id: string): boolean;
  subscribers(type: EventType): Subscriber[];
}

export function createWebhookRegistry(db: DatabaseSync): WebhookRegistry {
  const insert = db.prepare(
    'INSERT INTO webhook_registrations (id, owner, notification_url, events) VALUES (?, ?, ?, ?)',
  );
  const byOwner = db.prepare('SELECT * FROM webhook_registrations WHERE owner = ? ORDER BY seq');
  const byId = db.prepare('SELECT * FROM webhook_registrations WHERE owner = ? AND id = ?');
  const remove = db.prepare('DELETE FROM webhook_registrations WHERE owner = ? AND id = ?');
  const subscribed = db.prepare(`
    SELECT * FROM webhook_registrations r
    WHERE EXISTS (SELECT 1 FROM json_each(r.events) WHERE value = ?) ORDER BY seq`);

  return {
    create(owner, notificationUrl, events) {
      const registration = { id: randomId('wh'), notificationUrl, events };
      insert.run(registration.id, owner, notificationUrl, JSON.stringify(events));
      return registration;
    },
    list: (owner) => (byOwner.all(owner) as Row[]).map(toRegistration),
    get(owner, id) {
      const row = byId.get(owner, id) as Row | undefined;
      return row && toRegistration(row);
    },
    delete: (owner, id) => Number(remove.run(owner, id).changes) > 0,
    subscribers: (type) =>
      (subscribed.all(type) as Row[]).map((row) => ({
        ...toRegistration(row),
        owner: String(row.owner),
      })),
  };
}

function toRegistration(row: Row): Registration {
  return {
    id: String(row.id),
    notificationUrl: String(row.notification_url),
    events: JSON.parse(String(row.events)) as EventType[],
  };
}
