import SQLite from "better-sqlite3";
import { SqliteDialect, type Dialect } from "kysely";
import { arrayRowsDatabase } from "./sqlite-bulk-reader";
import { sqliteReadThreadDialect } from "./sqlite-thread";
import { sqliteWriterDialect } from "./sqlite-writer";

// The SQLite machinery's one door: the three kinds of connection connect.ts opens on a SQLite file.
// Everything else in this folder (the threads, their workers, the statement cache, the WAL sync) is
// reached only through these; lint refuses imports of the rest from outside the folder.

/** The key a result column gets in a row (connect.ts maps snake_case to camelCase here, once per statement). */
type RowKey = (column: string) => string;

/**
 * The write connection. WAL lets readers run beside the writer; every commit is on disk before its
 * promise resolves (the driver syncs the WAL off the event loop: sqlite-writer.ts), so a 201, sent after
 * the commit, survives kill -9 and power loss; busy_timeout waits out a second process's write lock.
 * With `checkpointThread`, checkpoints run in a thread of their own (sqlite-checkpoints.ts).
 * temp_store = MEMORY: the Insights counts' triggers (migration 0016) upsert inside every insert, and a
 * statement that may roll back on its own opens a statement journal; in a temporary file that cost about
 * a millisecond a submission, in memory a tenth of that (docs/decisions/0032-insight-counts.md).
 */
export function sqliteWriter(
  file: string,
  { checkpointThread }: { checkpointThread?: { onFailure: (error: Error) => void } } = {},
): Dialect {
  const pragmas = ["foreign_keys = ON", "busy_timeout = 5000", "temp_store = MEMORY"];
  return sqliteWriterDialect({ file, pragmas, ...(checkpointThread && { checkpointThread }) });
}

/**
 * A read connection in a worker thread (sqlite-thread.ts), on a file that must exist. Not opened
 * read-only: a read-only connection cannot take the WAL-index locks a reader normally takes, and then
 * retries with sleeps of seconds while the writer resets the WAL. query_only refuses writes instead.
 * temp_store = MEMORY: the sorts of GROUP BY and ORDER BY stay out of temporary files.
 */
export function sqliteReader(file: string, rowKey: RowKey): Dialect {
  return sqliteReadThreadDialect({
    file,
    fileMustExist: true,
    pragmas: ["query_only = 1", "busy_timeout = 5000", "temp_store = MEMORY"],
    rowKey,
  });
}

/**
 * A plain read connection on the thread that opens it (the CSV export's worker: better-sqlite3 blocks
 * the thread it runs on, and that thread does nothing else). Not read-only, for the reason given at
 * sqliteReader.
 */
export function sqliteBulkReader(file: string, rowKey: RowKey): Dialect {
  const database = new SQLite(file, { fileMustExist: true });
  database.pragma("query_only = 1");
  database.pragma("busy_timeout = 5000");
  return new SqliteDialect({ database: arrayRowsDatabase(database, rowKey) });
}
