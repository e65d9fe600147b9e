import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../..", import.meta.url));

/** Runs `npm run firebase:grant-admin`'s script as an operator would, against the Auth emulator. */
export function runGrantAdmin(args: string[], env: { authHost: string; projectId: string }) {
  const result = spawnSync(process.execPath, ["--import", "tsx", "scripts/firebase-grant-admin.ts", ...args], {
    cwd: ROOT,
    env: { ...process.env, FIREBASE_AUTH_EMULATOR_HOST: env.authHost, GCLOUD_PROJECT: env.projectId },
    encoding: "utf8",
    timeout: 60_000,
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}
