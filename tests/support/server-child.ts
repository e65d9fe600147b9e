import { spawn, type ChildProcess } from "node:child_process";

// The production server as a child process, for the browser suites and the benchmarks alike: on
// 127.0.0.1 at the given port, on the given database, logging silenced, its output kept for the error
// message when it fails to come up.

export interface ServerChild {
  process: ChildProcess;
  /** Everything it has written to stdout and stderr so far. */
  output(): string;
}

export interface ServerChildOptions {
  port: number;
  databaseUrl: string;
  /** Added last, so it can override any of the settings above (e.g. DATABASE_URL, LOG_LEVEL). */
  env?: Record<string, string>;
  cwd?: string;
  /** In its own process group, so that a kill of the group reaches what it starts (npm's child). */
  detached?: boolean;
}

/** Runs `command args` as the production server. */
export function spawnServer(
  command: string,
  args: string[],
  { port, databaseUrl, env = {}, cwd, detached }: ServerChildOptions,
): ServerChild {
  let log = "";
  const child = spawn(command, args, {
    cwd,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: "silent",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
    detached,
  });
  child.stdout?.on("data", (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (log += chunk.toString()));
  return { process: child, output: () => log };
}

/** Polls `url` every `pollMs` until it answers 2xx; fails, with the output, if the process exits first or `timeoutMs` passes. */
export async function waitUntilAnswering(
  url: string,
  child: ChildProcess,
  output: () => string,
  { timeoutMs = 30_000, pollMs = 100 }: { timeoutMs?: number; pollMs?: number } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms:\n${output()}`);
}
