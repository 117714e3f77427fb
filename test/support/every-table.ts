import type { DatabaseSync, SQLInputValue } from 'node:sqlite';

interface Column {
  name: string;
  type: string;
  notnull: number;
  dflt_value: string | null;
  pk: number;
}

/** Every ordinary table of the schema as it is now (not the full-text index or SQLite's own). */
export function ordinaryTables(db: DatabaseSync): string[] {
  return (
    db
      .prepare(
        `SELECT name FROM pragma_table_list
         WHERE schema = 'main' AND type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`,
      )
      .all() as { name: string }[]
  ).map((row) => row.name);
}

function sample(type: string, row: number): SQLInputValue {
  switch (type.toUpperCase()) {
    case 'INTEGER':
      return row;
    case 'REAL':
      return row + 0.5;
    case 'BLOB':
      return new Uint8Array([row]);
    default:
      // Valid JSON, since columns holding JSON are TEXT too.
      return `{"row":${row}}`;
  }
}

/**
 * Puts `rows` rows in every ordinary table, knowing nothing of what the
 * tables mean: every column without a default gets a value of its declared
 * type (a rowid key is left to SQLite), `overrides` aside.
 */
export function seedEveryTable(
  db: DatabaseSync,
  rows = 1,
  overrides: Record<string, (row: number) => Record<string, SQLInputValue>> = {},
): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const table of ordinaryTables(db)) {
    const columns = db
      .prepare(`SELECT * FROM pragma_table_info(?)`)
      .all(table) as unknown as Column[];
    const rowidKey =
      columns.filter((column) => column.pk > 0).length === 1 &&
      columns.some((column) => column.pk > 0 && column.type.toUpperCase() === 'INTEGER');
    for (let row = 1; row <= rows; row += 1) {
      const values: Record<string, SQLInputValue> = {};
      for (const column of columns) {
        if (column.dflt_value !== null || (rowidKey && column.pk > 0)) continue;
        values[column.name] = sample(column.type, row);
      }
      Object.assign(values, overrides[table]?.(row));
      const names = Object.keys(values);
      db.prepare(
        names.length === 0
          ? `INSERT INTO "${table}" DEFAULT VALUES`
          : `INSERT INTO "${table}" (${names.map((name) => `"${name}"`).join(', ')})
             VALUES (${names.map(() => '?').join(', ')})`,
      ).run(...Object.values(values));
    }
    counts[table] = rowCount(db, table);
  }
  return counts;
}

export function rowCount(db: DatabaseSync, table: string): number {
  return Number((db.prepare(`SELECT COUNT(*) AS n FROM "${table}"`).get() as { n: number }).n);
}
