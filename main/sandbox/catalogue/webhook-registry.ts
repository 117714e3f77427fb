import type { SandboxDatabase } from '../store/database.ts';
import type { EventType } from './event-types.ts';
import { randomId } from './sample-data.ts';

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

// Columns named as the answer's fields; `events` is stored as a JSON array.
const REGISTRATION = 'id, notification_url AS notificationUrl, events';

type Stored<T extends Registration> = Omit<T, 'events'> & { events: string };

export function createWebhookRegistry({ statement, row, rows }: SandboxDatabase): WebhookRegistry {
  return {
    create(owner, notificationUrl, events) {
      const registration = { id: randomId('wh'), notificationUrl, events };
      statement(
        'INSERT INTO webhook_registrations (id, owner, notification_url, events) VALUES (?, ?, ?, ?)',
      ).run(registration.id, owner, notificationUrl, JSON.stringify(events));
      return registration;
    },
    list: (owner) =>
      rows<Stored<Registration>>(
        `SELECT ${REGISTRATION} FROM webhook_registrations WHERE owner = ? ORDER BY seq`,
        owner,
      ).map(withEvents),
    get(owner, id) {
      const found = row<Stored<Registration>>(
        `SELECT ${REGISTRATION} FROM webhook_registrations WHERE owner = ? AND id = ?`,
        owner,
        id,
      );
      return found ? withEvents(found) : undefined;
    },
    delete: (owner, id) =>
      Number(
        statement('DELETE FROM webhook_registrations WHERE owner = ? AND id = ?').run(owner, id)
          .changes,
      ) > 0,
    subscribers: (type) =>
      rows<Stored<Subscriber>>(
        `SELECT ${REGISTRATION}, owner FROM webhook_registrations r
         WHERE EXISTS (SELECT 1 FROM json_each(r.events) WHERE value = ?) ORDER BY seq`,
        type,
      ).map(withEvents),
  };
}

function withEvents<T extends Registration>(stored: Stored<T>): T {
  return { ...stored, events: JSON.parse(stored.events) as EventType[] } as T;
}
