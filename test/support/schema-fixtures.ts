import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { migrate } from '../../main/core/store/database.ts';
import { MIGRATIONS } from '../../main/core/store/migrations/index.ts';

/**
 * The local database's schema at each released version, kept as fixtures made
 * by running the migrations up to that version (never copied by hand), so the
 * migration tests start from what each release really created. A fixture is
 * written once, when its version is new, and never rewritten: if running the
 * migrations no longer gives it, a released migration was edited.
 *
 * `npx node test/support/schema-fixtures.ts` writes the fixtures that are missing.
 */
export const FIXTURE_DIR = join(import.meta.dirname, '../fixtures/schema');
export const VERSIONS = MIGRATIONS.map((migration) => migration.version);
export const LATEST = VERSIONS.at(-1) ?? 0;

export const fixtureFile = (version: number) => join(FIXTURE_DIR, `v${version}.sql`);

interface SchemaRow {
  type: string;
  name: string;
  sql: string;
}

/**
 * The schema as SQL that recreates it, in an order that runs: tables (the
 * full-text index among them, whose shadow tables it makes itself), then
 * indexes and triggers; then the version.
 */
export function dumpSchema(db: DatabaseSync): string {
  const shadow = new Set(
    (
      db.prepare(`SELECT name FROM pragma_table_list WHERE type = 'shadow'`).all() as {
        name: string;
      }[]
    ).map((row) => row.name),
  );
  const order = ['table', 'index', 'trigger', 'view'];
  const rows = (
    db
      .prepare(`SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL`)
      .all() as unknown as SchemaRow[]
  )
    .filter((row) => !shadow.has(row.name) && !row.name.startsWith('sqlite_'))
    .sort((a, b) => order.indexOf(a.type) - order.indexOf(b.type) || a.name.localeCompare(b.name));
  const version = (db.prepare('PRAGMA user_version').get() as { user_version: number })
    .user_version;
  return `${rows.map((row) => `${row.sql};`).join('\n\n')}\n\nPRAGMA user_version = ${version};\n`;
}

/** What running the migrations up to `version` creates, on an empty database. */
export function schemaAt(version: number): string {
  const db = new DatabaseSync(':memory:');
  try {
    migrate(
      db,
      MIGRATIONS.filter((migration) => migration.version <= version),
    );
    return dumpSchema(db);
  } finally {
    db.close();
  }
}

export function readFixture(version: number): string | null {
  const file = fixtureFile(version);
  return existsSync(file) ? readFileSync(file, 'utf8') : null;
}

if (import.meta.main) {
  for (const version of VERSIONS) {
    if (readFixture(version) !== null) continue;
    writeFileSync(fixtureFile(version), schemaAt(version));
    process.stdout.write(`wrote ${fixtureFile(version)}\n`);
  }
}
