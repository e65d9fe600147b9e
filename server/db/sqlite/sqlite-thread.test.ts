import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

// The read thread (sqlite-thread.ts) in a process with nothing else alive: a script that reads and then
// closes must end normally. The thread is unreferenced while idle, and closing once left it so while
// close() waited for the thread to end: the process then exited first, its last await never settled
// (Node's exit code 13).

const THREAD = fileURLToPath(new URL("./sqlite-thread.ts", import.meta.url));
// The script lives in a scratch folder: it names the packages by their paths here.
const resolve = createRequire(import.meta.url).resolve;

describe("the read thread in a script", () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "erf-read-thread-"));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("reads, closes and lets the process end with exit code 0", async () => {
    const script = join(dir, "read-and-close.mts");
    await writeFile(
      script,
      `import SQLite from ${JSON.stringify(resolve("better-sqlite3"))};
import { Kysely, sql } from ${JSON.stringify(resolve("kysely"))};
import { sqliteReadThreadDialect } from ${JSON.stringify(THREAD)};
const file = ${JSON.stringify(join(dir, "r.sqlite"))};
new SQLite(file).exec("create table t (n integer); insert into t values (41)");
const db = new Kysely({ dialect: sqliteReadThreadDialect({ file, fileMustExist: true, pragmas: [], rowKey: (column) => column }) });
const { rows } = await sql\`select n + 1 as n from t\`.execute(db);
await db.destroy();
console.log("read", rows[0].n, "and closed");
`,
    );
    const run = spawnSync(process.execPath, ["--import", "tsx", script], {
      encoding: "utf8",
      timeout: 30_000,
      cwd: fileURLToPath(new URL("../../..", import.meta.url)),
    });
    expect(run.stderr).toBe("");
    expect(run.stdout.trim()).toBe("read 42 and closed");
    expect(run.status).toBe(0);
  });
});
