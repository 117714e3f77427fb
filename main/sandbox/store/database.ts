import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import { checkSchema, migrate } from '../schema/migrate.ts';

export interface SandboxDatabase {
  db: DatabaseSync;
  /** A prepared statement, cached by its SQL text. */
  statement(sql: string): StatementSync;
  /** The first row of a query, typed by the caller, or null. */
  row<Row>(sql: string, ...params: SQLInputValue[]): Row | null;
  rows<Row>(sql: string, ...params: SQLInputValue[]): Row[];
  /** Runs `work` in one transaction; nested calls join the outer one. */
  transaction<T>(work: () => T): T;
  /** True when the file held no tables: the demo seeds only then. */
  isNew: boolean;
  close(): void;
}

/**
 * Opens the sandbox database (in memory without a file) at the current schema version, both
 * services' tables. Throws SandboxDataError, leaving the file as it was, when this build cannot
 * use the file.
 */
export function openSandboxDatabase(file: string = ':memory:'): SandboxDatabase {
  const db = new DatabaseSync(file);
  let fresh: boolean;
  try {
    db.exec('PRAGMA busy_timeout = 5000');
    ({ fresh } = checkSchema(db, file));
    db.exec(`
      PRAGMA journal_mode = WAL;
      PRAGMA synchronous = NORMAL;
      PRAGMA foreign_keys = ON;
    `);
    migrate(db);
  } catch (error) {
    db.close();
    throw error;
  }
  // A reservation left by a process that stopped mid-request would block its key for a day.
  db.exec('DELETE FROM idempotency_keys WHERE status IS NULL');

  const cache = new Map<string, StatementSync>();
  const statement = (sql: string) => {
    let prepared = cache.get(sql);
    if (!prepared) {
      prepared = db.prepare(sql);
      cache.set(sql, prepared);
    }
    return prepared;
  };
  // The core's transaction() does the same; the sandbox keeps its own, as it shares no code with the app.
  const transaction = <T>(work: () => T): T => {
    if (db.isTransaction) return work();
    db.exec('BEGIN IMMEDIATE');
    try {
      const result = work();
      db.exec('COMMIT');
      return result;
    } catch (error) {
      db.exec('ROLLBACK');
      throw error;
    }
  };
  return {
    db,
    statement,
    row: <Row>(sql: string, ...params: SQLInputValue[]) =>
      (statement(sql).get(...params) as Row | undefined) ?? null,
    rows: <Row>(sql: string, ...params: SQLInputValue[]) =>
      statement(sql).all(...params) as unknown as Row[],
    transaction,
    isNew: fresh,
    close: () => db.close(),
  };
}
