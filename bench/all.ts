// npm run bench — every bench, one after the other, each printing its table; the tables of the run are also
// collected in bench/.out/last-run.md. Starts with `npm run build` (inside bench:startup) so every bench
// measures the current sources. About 15 minutes on the 2-core reference machine.
import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import { RUN_LOG } from "./lib/table";

const BENCHES = ["startup", "bundle", "lighthouse", "api", "dashboard", "export", "live", "insights"];

rmSync(RUN_LOG, { force: true });
const failed: string[] = [];
for (const name of BENCHES) {
  console.log(`\n=== bench:${name}`);
  const result = spawnSync(process.execPath, ["--import", "tsx", `bench/${name}.ts`], {
    stdio: "inherit",
    env: { ...process.env, ERF_BENCH_LOG: "1" },
  });
  if (result.status !== 0) failed.push(name);
}
console.log(`\nTables collected in ${RUN_LOG}`);
// A bench that could not run (no build, no Chromium) is an error; a goal not met is not (see each table).
if (failed.length > 0) {
  console.error(`These benches did not complete: ${failed.join(", ")}`);
  process.exit(1);
}
