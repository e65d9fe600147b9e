import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../..", import.meta.url));

/**
 * Runs `npm run firebase:grant-admin`'s script as an operator would, against the Auth emulator. In a
 * child process the test waits for without blocking: a blocked event loop misses the emulator closing
 * idle keep-alive connections, and the next request from this process then fails on a dead one.
 */
export function runGrantAdmin(
  args: string[],
  env: { authHost: string; projectId: string },
): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["--import", "tsx", "scripts/firebase-grant-admin.ts", ...args],
      {
        cwd: ROOT,
        env: { ...process.env, FIREBASE_AUTH_EMULATOR_HOST: env.authHost, GCLOUD_PROJECT: env.projectId },
        encoding: "utf8",
        timeout: 60_000,
      },
      (error, stdout, stderr) => {
        const status = error === null ? 0 : typeof error.code === "number" ? error.code : null;
        resolve({ status, output: `${stdout}${stderr}` });
      },
    );
  });
}
