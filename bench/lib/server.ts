// Starts the production server for a bench: `node scripts/start.mjs` (the build/server.mjs bundle) on a free
// port of 127.0.0.1, with its own SQLite file unless DATABASE_URL is given, logging silenced.
import type { ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "../../tests/support/free-port";
import { spawnServer, waitUntilAnswering } from "../../tests/support/server-child";

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));

export interface BenchServer {
  url: string;
  port: number;
  dataDir: string;
  process: ChildProcess;
  /** Milliseconds from spawn to the first successful /healthz. */
  readyMs: number;
  stop(): Promise<void>;
}

export function requireBuild(): void {
  if (!existsSync(join(ROOT, "build", "client", "index.html")) || !existsSync(join(ROOT, "build", "server.mjs"))) {
    throw new Error("No production build (build/client and build/server.mjs): run `npm run build` first.");
  }
}

/** Waits for `url` to answer, polling every 5 ms: how soon a server is ready is itself a figure here. */
export function waitFor(url: string, child: ChildProcess, output: () => string): Promise<void> {
  return waitUntilAnswering(url, child, output, { pollMs: 5 });
}

export async function startBenchServer(
  env: Record<string, string> = {},
  command: string[] = ["scripts/start.mjs"],
  cwd = ROOT,
): Promise<BenchServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "erf-bench-"));
  const started = performance.now();
  // BENCH_NODE_ARGS adds flags to the server's node for a diagnosis, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(" ").filter(Boolean) ?? [];
  const { process: child, output } = spawnServer(process.execPath, [...nodeArgs, ...command], {
    port,
    databaseUrl: `sqlite:${join(dataDir, "erf.sqlite")}`,
    env: { RATE_LIMIT_PER_MINUTE: "100000000", ...env },
    cwd,
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/healthz`, child, output);
  const readyMs = performance.now() - started;
  return {
    url,
    port,
    dataDir,
    process: child,
    readyMs,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
        if (child.exitCode === null) child.kill("SIGKILL");
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
