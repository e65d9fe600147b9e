import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "./free-port";
import { spawnServer, waitUntilAnswering, type ServerChild } from "./server-child";
import { withAdminTotp } from "./two-factor";

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

/** Extra environment for the server; a function when a value depends on where it runs (PUBLIC_URL). */
export type ServerEnv = Record<string, string> | ((where: { port: number; url: string }) => Record<string, string>);

/**
 * Whether the suite runs against the build (the e2e project, which builds first: vitest.config.ts):
 * build/server.mjs, what `npm start` runs, and build/admin.mjs for the CLI. A child starts from them in
 * a fraction of the time it takes to load the TypeScript sources through tsx, and each browser file
 * starts several. With E2E_SKIP_BUILD=1 they are what the last build left.
 */
export const FROM_BUILD = process.env.TEST_SERVER_FROM_BUILD === "1";

/** The staff CLI from the sources, as `npm run admin` runs it (node's arguments before the command's). */
export const ADMIN_CLI_FROM_SOURCES = ["--import", "tsx", "server/cli/admin.ts"];

/**
 * Runs the production server on a free port with its own SQLite file: `server/main.ts` from the sources,
 * or with `bundle` the build/server.mjs that `npm start` runs (the build must exist; the default where
 * FROM_BUILD). A first admin from ADMIN_EMAIL starts with two-factor on (E2E_TOTP_SECRET, unless
 * ADMIN_TOTP_SECRET is given).
 */
export async function startServer(
  envOrFactory: ServerEnv = {},
  { bundle = FROM_BUILD }: { bundle?: boolean } = {},
): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "erf-e2e-"));
  const databasePath = join(dataDir, "erf.sqlite");
  // "localhost" is a secure context, so the browser keeps the __Host- session cookie without TLS.
  const url = `http://localhost:${port}`;
  const healthUrl = `http://127.0.0.1:${port}`;
  const env = withAdminTotp(typeof envOrFactory === "function" ? envOrFactory({ port, url }) : envOrFactory);
  let server: ServerChild;

  const launch = async () => {
    server = spawnServer(process.execPath, bundle ? ["build/server.mjs"] : ["--import", "tsx", "server/main.ts"], {
      port,
      databaseUrl: `sqlite:${databasePath}`,
      env: { RATE_LIMIT_PER_MINUTE: "1000", ...env },
    });
    await waitUntilAnswering(`${healthUrl}/healthz`, server.process, server.output);
  };

  const stop = async (signal: NodeJS.Signals = "SIGTERM") => {
    const child = server.process;
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
