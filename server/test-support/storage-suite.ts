import { afterAll, beforeAll, beforeEach, describe } from "vitest";
import { seedAdmin } from "./admin";
import { clearTables, testDatabases, type OpenDatabase, type TestDatabase } from "./databases";

// The set-up every storage suite shares: the suite's database opened before its tests (a SQLite file of
// its own, or a throwaway PostgreSQL schema), emptied, the staff account seeded, and closed after them.
// Registered first, these hooks run before the suite's own (and the close after them).

export interface StorageOptions {
  /**
   * When the tables are emptied, and the staff account seeded again if asked for: before each test (the
   * default), or once when the database opens, for a suite whose tests build on one another's rows or
   * that seeds its data once. The audit log is never emptied (see test-support/audit.ts).
   */
  clear?: "each" | "once";
  /** Seed the staff account (ADMIN_EMAIL, ADMIN_PASSWORD) after each emptying. */
  admin?: boolean;
}

/** The suite's open database: readable in its hooks and tests, once the suite's first hook has run. */
export interface StorageContext extends Omit<OpenDatabase, "close"> {
  readonly name: TestDatabase["name"];
}

/** Opens `database` for the enclosing describe block, and empties and seeds it as `options` say. */
export function useTestDatabase(
  database: TestDatabase,
  { clear = "each", admin = false }: StorageOptions = {},
): StorageContext {
  let open: OpenDatabase | undefined;
  const opened = (): OpenDatabase => {
    if (!open) throw new Error("The test database opens in the suite's first hook: read it in a hook or a test");
    return open;
  };
  const reset = async () => {
    const { db } = opened();
    await clearTables(db);
    if (admin) await seedAdmin(db);
  };
  beforeAll(async () => {
    open = await database.open();
    if (clear === "once") await reset();
  });
  afterAll(() => open?.close());
  if (clear === "each") beforeEach(reset);
  return {
    get name() {
      return database.name;
    },
    get db() {
      return opened().db;
    },
    get url() {
      return opened().url;
    },
    get schema() {
      return opened().schema;
    },
  };
}

/** One describe block per test database (SQLite, and PostgreSQL when TEST_DATABASE_URL is set), named "title (sqlite)". */
export function describeStorage(title: string, body: (open: StorageContext) => void, options?: StorageOptions): void {
  describe.each(testDatabases)(`${title} ($name)`, (database) => body(useTestDatabase(database, options)));
}
