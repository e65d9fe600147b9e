import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { freePort } from "../../support/free-port";
import { scratchStore, type ScratchStore } from "./scratch-store";
import { E2E_TOTP_SECRET } from "../../support/two-factor";

// The production entry point (server/main.ts) as a child process the soak scripts can kill -9,
// restart on the same port and database, and measure (RSS by pid). Loopback only.

// SOAK_SERVER_DIR runs the server of another checkout (e.g. one with a proposed fix applied).
const ROOT = process.env.SOAK_SERVER_DIR ?? fileURLToPath(new URL("../../..", import.meta.url));

export interface ServerProcess {
  url: string;
  port: number;
  pid(): number;
  /** Kills with the signal (SIGKILL: a crash) and waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Starts it again on the same port and database; resolves once /healthz answers 200. */
  restart(): Promise<number>;
  output(): string;
}

async function waitHealthy(url: string, child: ChildProcess, output: () => string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`server exited (${child.exitCode ?? child.signalCode}):\n${output().slice(-4_000)}`);
    try {
      const response = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(1_000) });
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`server not healthy after ${timeoutMs} ms:\n${output().slice(-4_000)}`);
}

export interface ServerOptions {
  databaseUrl: string;
  env?: Record<string, string>;
  port?: number;
  /** Keep this many characters of output (the tail) for error messages. */
  keepOutput?: number;
}

export async function startServerProcess({
  databaseUrl,
  env = {},
  port: fixedPort,
  keepOutput = 64_000,
}: ServerOptions): Promise<ServerProcess> {
  const port = fixedPort ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  let child!: ChildProcess;
  let log = "";
  const append = (chunk: Buffer) => {
    log += chunk.toString();
    if (log.length > keepOutput * 2) log = log.slice(-keepOutput);
  };

  const launch = async () => {
    const started = performance.now();
    // node --import tsx (not the tsx CLI), so the server is this one process and kill -9 reaches it.
    // SOAK_NODE_ARGS adds flags for a diagnosis (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof").
    const extra = process.env.SOAK_NODE_ARGS?.split(" ").filter(Boolean) ?? [];
    child = spawn(process.execPath, [...extra, "--import", "tsx", "server/main.ts"], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? "",
        NODE_ENV: "production",
        HOST: "127.0.0.1",
        PORT: String(port),
        DATABASE_URL: databaseUrl,
        LOG_LEVEL: "warn",
        RATE_LIMIT_PER_MINUTE: "100000000",
        APP_SECRET: "soak-app-secret-0123456789abcdefghijklmnopqrstuv",
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout?.on("data", append);
    child.stderr?.on("data", append);
    await waitHealthy(url, child, () => log);
    return performance.now() - started;
  };

  await launch();
  return {
    url,
    port,
    pid: () => child.pid ?? -1,
    async stop(signal = "SIGTERM") {
      if (child.exitCode !== null || child.signalCode !== null)
        return { code: child.exitCode, signal: child.signalCode };
      const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
        child.once("exit", (code, sig) => resolve({ code, signal: sig })),
      );
      child.kill(signal);
      return exited;
    },
    restart: launch,
    output: () => log,
  };
}

/** A staff account the server creates at start-up (ADMIN_EMAIL, ADMIN_PASSWORD), for the checks that sign in. */
export interface SoakAdmin {
  email: string;
  password: string;
}

/** The environment that has the server create `admin`, with two-factor on (as admins must), from E2E_TOTP_SECRET. */
export const adminEnv = (admin: SoakAdmin) => ({
  ADMIN_EMAIL: admin.email,
  ADMIN_PASSWORD: admin.password,
  ADMIN_TOTP_SECRET: E2E_TOTP_SECRET,
});

/** A new scratch store (`name` as for scratchStore) and the server started on it. */
export async function serverOnScratchStore(
  kind: "sqlite" | "postgres",
  name: string,
  options: Omit<ServerOptions, "databaseUrl"> = {},
): Promise<{ store: ScratchStore; server: ServerProcess }> {
  const store = await scratchStore(kind, name);
  const server = await startServerProcess({ databaseUrl: store.databaseUrl, ...options });
  return { store, server };
}
