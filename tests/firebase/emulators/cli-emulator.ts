import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort, waitForHttp } from "./free-port";
import { logFile, stopChild } from "./process";

export interface RunningCliEmulator {
  /** "127.0.0.1:port" of the emulator. */
  host: string;
  stop(): Promise<void>;
}

const require = createRequire(import.meta.url);
const FIREBASE_CLI = join(require.resolve("firebase-tools/package.json"), "..", "lib", "bin", "firebase.js");

/**
 * One of firebase-tools' Node emulators (auth, hosting), on free ports, from a throw-away firebase.json
 * so it never collides with emulators a developer is running. `config` adds top-level keys (hosting);
 * `links` puts symlinks in that project directory (Hosting serves only a `public` path inside it).
 */
export async function startCliEmulator(
  only: "auth" | "hosting",
  projectId: string,
  config: Record<string, unknown> = {},
  links: Record<string, string> = {},
): Promise<RunningCliEmulator> {
  const [port, hub, logging] = [await freePort(), await freePort(), await freePort()];
  const dir = mkdtempSync(join(tmpdir(), `erf-${only}-emulator-`));
  for (const [name, target] of Object.entries(links)) symlinkSync(target, join(dir, name));
  const local = (portNumber: number) => ({ host: "127.0.0.1", port: portNumber });
  writeFileSync(
    join(dir, "firebase.json"),
    JSON.stringify({
      ...config,
      emulators: {
        [only]: local(port),
        hub: local(hub),
        logging: local(logging),
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );
  const log = logFile(`erf-${only}-emulator-log-`);
  const child = spawn(
    process.execPath,
    [FIREBASE_CLI, "emulators:start", "--only", only, "--project", projectId, "--non-interactive"],
    {
      cwd: dir,
      env: { ...process.env, FIREBASE_AUTH_EMULATOR_HOST: "", FIRESTORE_EMULATOR_HOST: "" },
      stdio: ["ignore", log.fd, log.fd],
    },
  );
  const host = `127.0.0.1:${port}`;
  const stop = async () => {
    await stopChild(child);
    log.remove();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitForHttp(`http://${host}/`, () => child.exitCode === null, log.tail);
  } catch (error) {
    await stop();
    throw error;
  }
  return { host, stop };
}
