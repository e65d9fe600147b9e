// npm run bench:startup — how long `npm start` takes to serve on an existing build (spawn to the first
// 200 from /healthz), on an existing database and on a new one, median of 5; beside it the previous way
// (tsx compiling server/main.ts on every start) and `npm run build` from scratch, the README's first run.
// Pass --no-build to skip the build (it rewrites build/). Bounded: about a minute; 127.0.0.1 only.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../tests/support/free-port";
import { spawnServer } from "../tests/support/server-child";
import { requireBuild, ROOT, waitFor } from "./lib/server";
import { median, ms, printTable, type Row } from "./lib/table";

const RUNS = 5;
const GOAL_MS = 1_000;
const npm = process.platform === "win32" ? "npm.cmd" : "npm";

async function timeStart(
  command: string,
  args: string[],
  databaseFile: string,
  env: Record<string, string> = {},
): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const { process: child, output } = spawnServer(command, args, {
    port,
    databaseUrl: `sqlite:${databaseFile}`,
    env,
    cwd: ROOT,
    detached: process.platform !== "win32", // its own process group, so npm's child goes down with it
  });
  await waitFor(`http://127.0.0.1:${port}/healthz`, child, output);
  const elapsed = performance.now() - started;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  if (process.platform === "win32") child.kill("SIGTERM");
  else process.kill(-child.pid!, "SIGTERM");
  await exited;
  return elapsed;
}

async function medianStart(
  command: string,
  args: string[],
  freshDatabase: boolean,
  env: Record<string, string> = {},
): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), "erf-startup-"));
  const file = join(dir, "erf.sqlite");
  try {
    if (!freshDatabase) await timeStart(command, args, file, env); // creates and migrates it
    const times: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      if (freshDatabase) for (const suffix of ["", "-wal", "-shm"]) rmSync(`${file}${suffix}`, { force: true });
      times.push(await timeStart(command, args, file, env));
    }
    return median(times);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const rows: Row[] = [];
if (!process.argv.includes("--no-build")) {
  const started = performance.now();
  const build = spawnSync(npm, ["run", "build"], {
    cwd: ROOT,
    stdio: ["ignore", "ignore", "inherit"],
    shell: process.platform === "win32",
  });
  if (build.status !== 0) throw new Error("npm run build failed");
  rows.push({
    what: "`npm run build` (sitemap, prerender, precompression, server bundle)",
    goal: "reported",
    measured: ms(performance.now() - started),
    met: null,
  });
}
requireBuild();
const npmStart = await medianStart(npm, ["start"], false);
rows.push(
  {
    what: "`npm start` on an existing build and database, to the first /healthz 200",
    goal: `≤ ${GOAL_MS / 1000} s`,
    measured: ms(npmStart),
    met: npmStart <= GOAL_MS,
  },
  {
    what: "`node scripts/start.mjs` directly (what `npm start` runs, without npm's own start-up)",
    goal: "",
    measured: ms(await medianStart(process.execPath, ["scripts/start.mjs"], false)),
    met: null,
  },
  {
    what: "`npm start`, new database (created and migrated)",
    goal: "",
    measured: ms(await medianStart(npm, ["start"], true)),
    met: null,
  },
  {
    what: "Before: `node --import tsx server/main.ts`, existing database, tsx's compile cache warm",
    goal: "",
    measured: ms(await medianStart(process.execPath, ["--import", "tsx", "server/main.ts"], false)),
    met: null,
  },
  {
    what: "Before, tsx's compile cache off (TSX_DISABLE_CACHE=1: a first start, or a changed file)",
    goal: "",
    measured: ms(
      await medianStart(process.execPath, ["--import", "tsx", "server/main.ts"], false, { TSX_DISABLE_CACHE: "1" }),
    ),
    met: null,
  },
);
printTable("Start-up", "npm run bench:startup", rows, [
  `Median of ${RUNS} starts each; the server is stopped with SIGTERM between them.`,
]);
