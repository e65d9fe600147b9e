import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createScratchDatabase, type ScratchDatabase } from "./postgres";

// The store one soak run writes to, on the database it was asked for, removed afterwards.

export interface ScratchStore {
  /** The server's DATABASE_URL. */
  databaseUrl: string;
  /** Where a check opens the store itself: the SQLite file, or the PostgreSQL URL. */
  location: string;
  /** The scratch PostgreSQL database, or null on SQLite. */
  postgres: ScratchDatabase | null;
  remove(): Promise<void>;
}

/** A SQLite file in a temporary folder, or a scratch PostgreSQL database; `name` (letters and underscores: it is in the database name) tells runs apart. */
export async function scratchStore(kind: "sqlite" | "postgres", name: string): Promise<ScratchStore> {
  const dir = mkdtempSync(join(tmpdir(), `erf-${name}-`));
  const postgres = kind === "postgres" ? await createScratchDatabase(`erf_${name}`) : null;
  const sqliteFile = join(dir, "erf.sqlite");
  return {
    databaseUrl: postgres ? postgres.url : `sqlite:${sqliteFile}`,
    location: postgres ? postgres.url : sqliteFile,
    postgres,
    async remove() {
      await postgres?.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
