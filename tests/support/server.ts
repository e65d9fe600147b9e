import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "./free-port";

export interface RunningServer {
  /** For the browser (localhost). */
  url: string;
  /** For Node's fetch (the IPv4 loopback the server binds). */
  apiUrl: string;
  port: number;
  dataDir: string;
  databasePath: string;
  /** Stops the server and waits for it to exit; `signal` SIGKILL simulates a crash. */
  stop(signal?: NodeJS.Signals): Promise<void>;
  /** Starts it again on the same port and database. */
  restart(): Promise<void>;
  cleanup(): Promise<void>;
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not become healthy:\n${output()}`);
}

/** Extra environment for the server; a function when a value depends on where it runs (PUBLIC_URL). */
export type ServerEnv = Record<string, string> | ((where: { port: number; url: string }) => Record<string, string>);

/**
 * Runs the production server on a free port with its own SQLite file: `server/main.ts` from the sources,
 * or with `bundle` the build/server.mjs that `npm start` runs (the build must exist).
 */
export async function startServer(envOrFactory: ServerEnv = {}, { bundle = false }: { bundle?: boolean } = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "erf-e2e-"));
  const databasePath = join(dataDir, "erf.sqlite");
  // "localhost" is a secure context, so the browser keeps the __Host- session cookie without TLS.
  const url = `http://localhost:${port}`;
  const healthUrl = `http://127.0.0.1:${port}`;
  const env = typeof envOrFactory === "function" ? envOrFactory({ port, url }) : envOrFactory;
  let child: ChildProcess;
  let log = "";

  const launch = async () => {
    log = "";
    child = spawn(process.execPath, bundle ? ["build/server.mjs"] : ["--import", "tsx", "server/main.ts"], {
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(port),
        HOST: "127.0.0.1",
        DATABASE_URL: `sqlite:${databasePath}`,
        LOG_LEVEL: "silent",
        RATE_LIMIT_PER_MINUTE: "1000",
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout?.on("data", (chunk: Buffer) => (log += chunk.toString()));
    child.stderr?.on("data", (chunk: Buffer) => (log += chunk.toString()));
    await waitForHealth(healthUrl, child, () => log);
  };

  const stop = async (signal: NodeJS.Signals = "SIGTERM") => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill(signal);
    await exited;
  };

  await launch();
  return {
    url,
    apiUrl: healthUrl,
    port,
    dataDir,
    databasePath,
    stop,
    restart: launch,
    cleanup: async () => {
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
