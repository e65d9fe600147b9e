import SQLite from "better-sqlite3";
import type { SqliteDatabase } from "kysely";
import { keyedRows } from "./sqlite-thread";
import { statementCache } from "./statement-cache.mjs";

/**
 * better-sqlite3 as Kysely's SqliteDialect sees it, with each SQL text prepared once and rows read as
 * arrays, keyed once per statement: the driver's own row objects, renamed again by CamelCasePlugin, were
 * most of a 100,000-row export's time in the export's thread.
 */
export function arrayRowsDatabase(database: SQLite.Database, rowKey: (column: string) => string): SqliteDatabase {
  const prepare = statementCache(database);
  const keys = new WeakMap<SQLite.Statement, string[]>();
  return {
    close: () => database.close(),
    prepare(sql) {
      const statement = prepare(sql);
      if (!statement.reader) return statement;
      let columnKeys = keys.get(statement);
      if (!columnKeys) {
        statement.raw(true);
        columnKeys = statement.columns().map((column) => rowKey(column.name));
        keys.set(statement, columnKeys);
      }
      const rowKeys = columnKeys;
      return {
        reader: true,
        all: (parameters) => keyedRows(rowKeys, statement.all(parameters) as unknown[][]),
        run: (parameters) => statement.run(parameters),
        *iterate(parameters) {
          for (const values of statement.iterate(parameters) as Iterable<unknown[]>)
            yield keyedRows(rowKeys, [values])[0];
        },
      };
    },
  };
}
