// Bundles the server (server/main.ts and everything it imports) into build/server.mjs, so `npm start` runs
// plain JavaScript: loading ~200 TypeScript files through tsx takes about 1.1 s on the 2-core reference
// machine (3.5 s when it is busy), the bundle about 0.35 s. Native and optional-native packages stay external
// (better-sqlite3, @node-rs/argon2, pg with its optional pg-native, nodemailer); the rest is inlined.
import { copyFileSync } from "node:fs";
import { build } from "esbuild";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";

export const SERVER_BUNDLE = fileURLToPath(new URL("../build/server.mjs", import.meta.url));

// The server, and the CSV export's worker thread (server/export/csv-thread.ts starts build/csv-worker.mjs,
// found beside build/server.mjs).
await build({
  entryPoints: [
    { in: fileURLToPath(new URL("../server/main.ts", import.meta.url)), out: "server" },
    { in: fileURLToPath(new URL("../server/export/csv-worker.ts", import.meta.url)), out: "csv-worker" },
  ],
  outdir: dirname(SERVER_BUNDLE),
  outExtension: { ".js": ".mjs" },
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  external: ["better-sqlite3", "@node-rs/argon2", "pg", "pg-native", "nodemailer"],
  // Inlined CommonJS packages call require(); an ES module has none of its own.
  banner: { js: 'import { createRequire as __erfCreateRequire } from "node:module"; const require = __erfCreateRequire(import.meta.url);' },
  legalComments: "none",
  logLevel: "warning",
});
// The SQLite worker threads are started from files found beside the modules that start them
// (server/db/sqlite-thread.ts, server/db/sqlite-checkpoints.ts): in the bundle, beside build/server.mjs.
// They import statement-cache.mjs and worker-errors.mjs, copied beside them too.
for (const file of ["sqlite-worker.mjs", "sqlite-checkpointer.mjs", "statement-cache.mjs", "worker-errors.mjs"]) {
  copyFileSync(fileURLToPath(new URL(`../server/db/${file}`, import.meta.url)), fileURLToPath(new URL(`../build/${file}`, import.meta.url)));
}
console.log("bundle-server: wrote build/server.mjs, build/csv-worker.mjs, build/sqlite-worker.mjs, build/sqlite-checkpointer.mjs and their two modules");
