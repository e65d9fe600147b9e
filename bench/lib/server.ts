// Starts the production server for a bench: `node scripts/start.mjs` (the build/server.mjs bundle) on a free
// port of 127.0.0.1, with its own SQLite file unless DATABASE_URL is given, logging silenced.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "../../tests/support/free-port";

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

export async function waitFor(url: string, child: ChildProcess, output: () => string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms:\n${output()}`);
}

export async function startBenchServer(env: Record<string, string> = {}, command: string[] = ["scripts/start.mjs"]): Promise<BenchServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "erf-bench-"));
  let log = "";
  const started = performance.now();
  // BENCH_NODE_ARGS adds flags to the server's node for a diagnosis, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(" ").filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, ...command], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: `sqlite:${join(dataDir, "erf.sqlite")}`,
      LOG_LEVEL: "silent",
      RATE_LIMIT_PER_MINUTE: "100000000",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (log += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/healthz`, child, () => log);
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
