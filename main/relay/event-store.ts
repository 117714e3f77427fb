import { randomBytes } from 'node:crypto';
import { closeSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { Envelope } from '../webhook-protocol/envelope.ts';

export interface StoredEvent {
  /** Position in the order received; never reused, also after retention removes events. */
  seq: number;
  id: string;
  type: string;
  timestamp: string;
  /** The payload as JSON text, ready to be placed in an answer as it is. */
  payload: string;
  /** Epoch milliseconds. */
  receivedAt: number;
}

export interface EventPage {
  events: StoredEvent[];
  /** More events follow the page. */
  hasMore: boolean;
}

export interface EventStore {
  /** Names this database in cursors; a new database gets a new id. */
  readonly relayId: string;
  /**
   * Stores each envelope whose id is not stored yet, all in one transaction
   * that is committed (synchronous=FULL) before this returns: true where
   * stored, false for a repeated id. Throws, storing none, if the commit fails.
   */
  insertAll(envelopes: readonly Envelope[], receivedAt: number): boolean[];
  /**
   * The oldest events after `seq`, oldest first: at most `limit`, and no more
   * than `maxBytes` of payload (but always one, if there is one).
   */
  after(seq: number, limit: number, maxBytes: number): EventPage;
  /** The highest position ever given (0 for none). */
  lastSeq(): number;
  /** Events at or below this position were removed by retention (0 for none). */
  removedThrough(): number;
  /** Removes the events received before `cutoff` (epoch ms); returns how many. */
  removeReceivedBefore(cutoff: number): number;
  /**
   * Commits a write of `bytes` (synchronous=FULL) that leaves a small trace;
   * throws if the database cannot take it.
   */
  checkWritable(at: number, bytes: number): void;
  close(): void;
}

export class RelayDataError extends Error {}

const SCHEMA_VERSION = 1;

/**
 * The relay's durable store, one node:sqlite file. WAL with `synchronous=FULL`
 * so a commit is on disk before a delivery is answered 200 (the catalogue
 * service will not send it again). AUTOINCREMENT because cursors are
 * positions: a position must never be given out twice, not even after
 * retention has emptied the table. The file is held with an exclusive lock,
 * so a second relay on the same file fails at start instead of accepting
 * deliveries its twin's clients would never be woken for.
 */
export function openEventStore(file: string): EventStore {
  const db = openLocked(file);
  const relayId = migrate(db, file);
  const insert = db.prepare(`
    INSERT INTO events (id, type, timestamp, payload, received_at) VALUES (?, ?, ?, ?, ?)
    ON CONFLICT (id) DO NOTHING RETURNING seq`);
  const page = db.prepare(`
    SELECT seq, id, type, timestamp, payload, received_at AS receivedAt
    FROM events WHERE seq > ? ORDER BY seq LIMIT ?`);
  const lastRemoved = db.prepare(`
    SELECT max(seq) AS seq FROM events WHERE received_at < ?`);
  const remove = db.prepare('DELETE FROM events WHERE seq <= ?');
  const setMeta = db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)');
  // Written and overwritten in one commit: its pages reach the WAL all the same.
  const setRoom = db.prepare(
    `INSERT OR REPLACE INTO meta (key, value) VALUES ('write_checked_at', zeroblob(?))`,
  );
  const lastGiven = db.prepare(`SELECT seq FROM sqlite_sequence WHERE name = 'events'`);

  let lastSeq = Number((lastGiven.get() as { seq: number } | undefined)?.seq ?? 0);
  let removedThrough = Number(readMeta(db, 'removed_through') ?? 0);

  return {
    relayId,

    insertAll(envelopes, receivedAt) {
      return inTransaction(db, () =>
        envelopes.map((envelope) => {
          const row = insert.get(
            envelope.id,
            envelope.type,
            envelope.timestamp,
            JSON.stringify(envelope.payload),
            receivedAt,
          ) as { seq: number } | undefined;
          if (row) lastSeq = Number(row.seq);
          return row !== undefined;
        }),
      );
    },

    after(seq, limit, maxBytes) {
      // Read row by row: a page stops at its byte budget without loading the backlog behind it.
      const events: StoredEvent[] = [];
      let bytes = 0;
      for (const row of page.iterate(seq, limit + 1) as Iterable<StoredEvent>) {
        bytes += row.payload.length;
        if (events.length === limit || (events.length > 0 && bytes > maxBytes)) {
          return { events, hasMore: true };
        }
        events.push(row);
      }
      return { events, hasMore: false };
    },

    lastSeq: () => lastSeq,
    removedThrough: () => removedThrough,

    removeReceivedBefore(cutoff) {
      // Removal is always a prefix of the order received, so "removed through
      // N" stays one number even if the clock once stepped back.
      const through = (lastRemoved.get(cutoff) as { seq: number | null }).seq;
      if (through === null) return 0;
      return inTransaction(db, () => {
        const { changes } = remove.run(through);
        setMeta.run('removed_through', String(through));
        removedThrough = Number(through);
        return Number(changes);
      });
    },

    checkWritable(at, bytes) {
      inTransaction(db, () => {
        if (bytes > 0) setRoom.run(bytes);
        setMeta.run('write_checked_at', String(at));
      });
    },

    close() {
      if (db.isOpen) db.close();
    },
  };
}

function openLocked(file: string): DatabaseSync {
  try {
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    // Created owner-only before SQLite opens it: it holds customers' orders.
    // SQLite gives its -wal and -shm files the same mode.
    closeSync(openSync(file, 'a', 0o600));
  } catch (error) {
    throw new RelayDataError(`relay data file ${file}: ${(error as Error).message}`);
  }
  const db = new DatabaseSync(file);
  try {
    db.exec(`
      PRAGMA locking_mode = EXCLUSIVE;
      PRAGMA journal_mode = WAL;
      PRAGMA synchronous = FULL;
    `);
    // The exclusive lock is taken by the first write, and kept until close.
    db.exec('BEGIN IMMEDIATE; COMMIT');
    return db;
  } catch (error) {
    db.close();
    const busy = /locked|busy/i.test((error as Error).message);
    throw new RelayDataError(
      busy
        ? `relay data file ${file} is in use by another relay: give each relay its own --data file`
        : `relay data file ${file} cannot be used: ${(error as Error).message}`,
    );
  }
}

function migrate(db: DatabaseSync, file: string): string {
  const version = Number(
    (db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version,
  );
  if (version > SCHEMA_VERSION) {
    db.close();
    throw new RelayDataError(
      `relay data file ${file} was written by a newer relay (schema ${version}); run that version or name another --data file`,
    );
  }
  if (version === 0) {
    inTransaction(db, () => {
      db.exec(`
        CREATE TABLE events (
          seq INTEGER PRIMARY KEY AUTOINCREMENT,
          id TEXT NOT NULL UNIQUE,
          type TEXT NOT NULL,
          timestamp TEXT NOT NULL,
          payload TEXT NOT NULL,
          received_at INTEGER NOT NULL
        );
        CREATE INDEX events_received_at ON events (received_at);
        CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
        PRAGMA user_version = ${SCHEMA_VERSION};
      `);
      db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)').run(
        'relay_id',
        randomBytes(8).toString('hex'),
      );
    });
  }
  return readMeta(db, 'relay_id') as string;
}

function readMeta(db: DatabaseSync, key: string): string | undefined {
  const row = db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as
    { value: string } | undefined;
  return row?.value;
}

// The core's transaction() does the same; the relay runs alone on a server and imports no core code.
function inTransaction<T>(db: DatabaseSync, work: () => T): T {
  db.exec('BEGIN IMMEDIATE');
  try {
    const result = work();
    db.exec('COMMIT');
    return result;
  } catch (error) {
    if (db.isTransaction) db.exec('ROLLBACK');
    throw error;
  }
}
