import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

// `npm run soak`: every soak script in turn (each prints its figures), whatever the earlier ones
// found; exits 1 if any must-hold failed. The environment (SOAK_DB, SOAK_SECONDS...) passes through.

const SCRIPTS = [
  "crash-durability",
  "sustained-load",
  "login-timing",
  "newsletter-timing",
  "password-reset-timing",
  "live-updates",
  "resource-abuse",
  "webhook-load",
];
const root = fileURLToPath(new URL("../..", import.meta.url));
const failed: string[] = [];
for (const name of SCRIPTS) {
  const result = spawnSync(process.execPath, ["--import", "tsx", `tests/soak/${name}.ts`], {
    cwd: root,
    stdio: "inherit",
  });
  if (result.status !== 0) failed.push(`${name} (exit ${result.status ?? result.signal})`);
}
process.stdout.write(
  `\nsoak: ${SCRIPTS.length - failed.length} passed, ${failed.length} failed${failed.length ? `: ${failed.join(", ")}` : ""}\n`,
);
process.exit(failed.length === 0 ? 0 : 1);
