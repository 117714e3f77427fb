import { DatabaseSync } from 'node:sqlite';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { NewerDatabaseError, openDatabase } from '../../../main/core/store/database.ts';
import { ordinaryTables, rowCount, seedEveryTable } from '../../support/every-table.ts';
import {
  LATEST,
  VERSIONS,
  readFixture,
  schemaAt,
  dumpSchema,
} from '../../support/schema-fixtures.ts';
import { tempDir } from '../../support/temp-dir.ts';

const dirs: ReturnType<typeof tempDir>[] = [];
afterEach(() => {
  while (dirs.length > 0) dirs.pop()?.remove();
});

/** A database file exactly as the release with schema `version` left it, with rows in every table. */
function releasedDatabase(version: number): { file: string; counts: Record<string, number> } {
  const dir = tempDir('parley-migrations-');
  dirs.push(dir);
  const file = join(dir.path, 'parley.db');
  const db = new DatabaseSync(file);
  db.exec(readFixture(version) ?? '');
  const counts = seedEveryTable(db, 3);
  db.close();
  return { file, counts };
}

describe('the schema of every released version', () => {
  it.each(VERSIONS)(
    'version %i has its fixture, and the migrations still make exactly it',
    (version) => {
      const fixture = readFixture(version);
      // Missing: write it with `npx node test/support/schema-fixtures.ts`. Different: a released
      // migration was edited; add a new migration instead.
      expect(fixture, `test/fixtures/schema/v${version}.sql`).not.toBeNull();
      expect(schemaAt(version)).toBe(fixture);
    },
  );
});

describe('migrating a released database to the newest schema', () => {
  it.each(VERSIONS.filter((version) => version < LATEST))(
    'from version %i keeps every row and ends at the newest schema',
    (version) => {
      const { file, counts } = releasedDatabase(version);
      const db = openDatabase(file);
      try {
        expect(dumpSchema(db)).toBe(schemaAt(LATEST));
        for (const [table, count] of Object.entries(counts)) {
          expect([table, rowCount(db, table)]).toEqual([table, count]);
        }
        expect(ordinaryTables(db).length).toBeGreaterThanOrEqual(Object.keys(counts).length);
        db.exec(`INSERT INTO messages_fts (messages_fts) VALUES ('integrity-check')`);
      } finally {
        db.close();
      }
    },
  );

  it('opens a newest-version database as it is', () => {
    const { file, counts } = releasedDatabase(LATEST);
    const db = openDatabase(file);
    expect(
      Object.fromEntries(Object.keys(counts).map((table) => [table, rowCount(db, table)])),
    ).toEqual(counts);
    db.close();
  });
});

describe('a database written by a newer Parley', () => {
  it('is refused with the version it needs, and left untouched', () => {
    const dir = tempDir('parley-newer-');
    dirs.push(dir);
    const file = join(dir.path, 'parley.db');
    const newer = new DatabaseSync(file);
    newer.exec(
      `CREATE TABLE future (id INTEGER PRIMARY KEY); PRAGMA user_version = ${LATEST + 3};`,
    );
    const before = dumpSchema(newer);
    newer.close();

    let error: unknown = null;
    try {
      openDatabase(file).close();
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(NewerDatabaseError);
    expect((error as Error).message).toContain(`database version ${LATEST + 3}`);
    expect((error as Error).message).toContain(`reads up to version ${LATEST}`);

    const after = new DatabaseSync(file);
    expect(dumpSchema(after)).toBe(before);
    expect(
      (after.prepare('PRAGMA journal_mode').get() as { journal_mode: string }).journal_mode,
    ).toBe('delete');
    after.close();
  });
});
