import type { DatabaseSync } from 'node:sqlite';

/** Per table: its options, then each column's declaration, by name. */
export type TableShapes = Map<string, { options: string; columns: Map<string, string> }>;

interface TableRow {
  name: string;
  wr: number;
  strict: number;
}

interface ColumnRow {
  name: string;
  type: string;
  notnull: number;
  dflt_value: string | null;
  pk: number;
}

export function readTableShapes(db: DatabaseSync): TableShapes {
  const tables = db
    .prepare(
      `SELECT name, wr, strict FROM pragma_table_list
       WHERE schema = 'main' AND type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'`,
    )
    .all() as unknown as TableRow[];
  const columnsOf = db.prepare(
    'SELECT name, type, "notnull", dflt_value, pk FROM pragma_table_info(?)',
  );
  return new Map(
    tables.map((table) => [
      table.name,
      {
        options: `strict=${table.strict} without_rowid=${table.wr}`,
        columns: new Map(
          (columnsOf.all(table.name) as unknown as ColumnRow[]).map((column) => [
            column.name,
            `${column.type} notnull=${column.notnull} default=${column.dflt_value} pk=${column.pk}`,
          ]),
        ),
      },
    ]),
  );
}

/**
 * How `found` differs from `expected`, in words, at most `limit` of them. Every table found must
 * be expected, column for column; an expected table may be missing, as the step that made it
 * creates it if it does not exist.
 */
export function shapeDifferences(found: TableShapes, expected: TableShapes, limit = 3): string[] {
  const differences: string[] = [];
  for (const [name, table] of found) {
    const want = expected.get(name);
    if (!want) {
      differences.push(`has an unknown table ${name}`);
      continue;
    }
    if (table.options !== want.options) differences.push(`declares table ${name} differently`);
    for (const column of want.columns.keys()) {
      if (!table.columns.has(column)) differences.push(`has no column ${name}.${column}`);
    }
    for (const [column, declaration] of table.columns) {
      const wanted = want.columns.get(column);
      if (wanted === undefined) differences.push(`has an unknown column ${name}.${column}`);
      else if (wanted !== declaration) differences.push(`declares ${name}.${column} differently`);
    }
  }
  return differences.slice(0, limit);
}
