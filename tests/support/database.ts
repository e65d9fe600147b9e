import Database from "better-sqlite3";

const camel = (name: string) => name.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());

/** Reads a table of the server's SQLite file, keys in the API's camelCase, newest last. */
export function readRows(
  databasePath: string,
  table: "contacts" | "leads" | "newsletter" | "consents" | "outbox",
): Record<string, unknown>[] {
  const db = new Database(databasePath, { readonly: true, fileMustExist: true });
  try {
    const rows = db.prepare(`select * from ${table} order by created_at`).all() as Record<string, unknown>[];
    return rows.map((row) => Object.fromEntries(Object.entries(row).map(([key, value]) => [camel(key), value])));
  } finally {
    db.close();
  }
}
