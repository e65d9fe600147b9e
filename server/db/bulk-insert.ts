import { CompiledQuery, type Kysely, type Transaction } from "kysely";
import { isPostgres } from "./connect";
import type { Db, Tables } from "./schema";

// The statements every submission group runs (its appended rows, its idempotency keys, its changes, and
// the replay pre-check) written as SQL text once per shape instead of built by Kysely each time. A
// profile of submissions at 1,000 to 2,000 a second had about a tenth of the server thread in Kysely's
// query building, camelCase transform and compiler for these few statements (docs/performance.md); the
// text depends only on the table, the columns and the number of rows, so it is cached on those.
// The column names go through the same snake_case mapping as the CamelCasePlugin (see connect.ts), and
// server/db/bulk-insert.test.ts checks the SQL and parameters against Kysely's own for both dialects.

type AnyDb = Db | Transaction<Tables>;

export type Placeholders = "postgres" | "sqlite";

export const placeholdersOf = (db: AnyDb): Placeholders => (isPostgres(db) ? "postgres" : "sqlite");

const snakeCache = new Map<string, string>();

/** firstName -> first_name, as Kysely's CamelCasePlugin with its default options maps identifiers. */
export function snakeCase(name: string): string {
  let snake = snakeCache.get(name);
  if (snake === undefined) {
    snake = name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
    snakeCache.set(name, snake);
  }
  return snake;
}

const sqlCache = new Map<string, string>();

/** `(?, ?), (?, ?)` or `($1, $2), ($3, $4)` for `rows` rows of `columns` values, after `offset` parameters. */
export function valueLists(placeholders: Placeholders, rows: number, columns: number, offset = 0): string {
  const lists: string[] = [];
  for (let row = 0; row < rows; row += 1) {
    const values: string[] = [];
    for (let column = 0; column < columns; column += 1)
      values.push(placeholders === "sqlite" ? "?" : `$${offset + row * columns + column + 1}`);
    lists.push(`(${values.join(", ")})`);
  }
  return lists.join(", ");
}

/**
 * The columns every row has, in the first row's key order; null when the rows do not all have the same
 * keys or a value is undefined (Kysely writes DEFAULT for a missing value; this does not try to).
 */
function sharedColumns(rows: readonly object[]): string[] | null {
  const columns = Object.keys(rows[0]!);
  for (const row of rows) {
    const record = row as Record<string, unknown>;
    if (Object.keys(record).length !== columns.length) return null;
    for (const column of columns) if (record[column] === undefined) return null;
  }
  return columns;
}

function parametersOf(rows: readonly object[], columns: readonly string[]): unknown[] {
  const parameters: unknown[] = [];
  for (const row of rows) for (const column of columns) parameters.push((row as Record<string, unknown>)[column]);
  return parameters;
}

/**
 * `insert into "table" (...) values (...), (...)` for rows of the same keys, with an optional tail whose
 * own parameters come after the rows' (`tail` gets the placeholder numbering to use for them).
 */
export function insertQuery(
  placeholders: Placeholders,
  table: string,
  rows: readonly object[],
  tail?: { key: string; text: (next: (index: number) => string) => string; parameters: readonly unknown[] },
): CompiledQuery | null {
  if (rows.length === 0) return null;
  const columns = sharedColumns(rows);
  if (!columns) return null;
  const cacheKey = `${placeholders}|${table}|${columns.join(",")}|${rows.length}|${tail?.key ?? ""}`;
  let text = sqlCache.get(cacheKey);
  if (text === undefined) {
    const after = rows.length * columns.length;
    const next = (index: number) => (placeholders === "sqlite" ? "?" : `$${after + index + 1}`);
    text = `insert into "${snakeCase(table)}" (${columns.map((column) => `"${snakeCase(column)}"`).join(", ")}) values ${valueLists(placeholders, rows.length, columns.length)}${tail ? ` ${tail.text(next)}` : ""}`;
    sqlCache.set(cacheKey, text);
  }
  const parameters = parametersOf(rows, columns);
  if (tail) parameters.push(...tail.parameters);
  return CompiledQuery.raw(text, parameters);
}

/** Appends `rows` to `table` in one statement; through Kysely when the rows' keys differ. */
export async function insertRows(db: AnyDb, table: keyof Tables, rows: readonly object[]): Promise<void> {
  if (rows.length === 0) return;
  const query = insertQuery(placeholdersOf(db), table, rows);
  if (query) await db.executeQuery(query);
  // Kysely cannot type an insert into "one of these tables" picked at run time; the callers typed the rows.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  else await (db as unknown as Kysely<any>).insertInto(table).values(rows).execute();
}
