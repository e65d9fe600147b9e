import { execSync } from "node:child_process";

/** Vitest global setup for the e2e project: the browser tests run against a fresh production build. */
export default function buildOnce() {
  if (process.env.E2E_SKIP_BUILD === "1") return;
  execSync("npm run build", { stdio: "inherit" });
}
