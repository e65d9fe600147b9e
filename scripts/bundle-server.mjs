// Bundles the server (server/main.ts and everything it imports) into build/server.mjs, so `npm start` runs
// plain JavaScript: loading ~200 TypeScript files through tsx takes about 1.1 s on the 2-core reference
// machine (3.5 s when it is busy), the bundle about 0.35 s. Native and optional-native packages stay external
// (better-sqlite3, @node-rs/argon2, pg with its optional pg-native, nodemailer); the rest is inlined.
import { build } from "esbuild";
import { dirname } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

export const SERVER_BUNDLE = fileURLToPath(new URL("../build/server.mjs", import.meta.url));

const source = (path) => fileURLToPath(new URL(`../${path}`, import.meta.url));

// The server, the webhook worker as a process of its own (build/worker.mjs, `npm run worker` bundled:
// server/worker.ts), and the server's worker threads' entries, each found beside build/server.mjs by the
// module that starts it: the CSV export's (server/export/csv-thread.ts), the SQLite read thread's
// (server/db/sqlite/sqlite-thread.ts) and the SQLite checkpoint thread's (server/db/sqlite/sqlite-checkpoints.ts).
// Each entry carries what it imports, so a worker may import any module without a list of files to copy.
// The staff accounts' CLI too (build/admin.mjs, `npm run admin` bundled): the browser suites make their
// accounts with it, and server/cli/admin.test.ts runs it from a bundle of its own (`outdir`), as a child
// process that starts in a fraction of the time the TypeScript sources take through tsx (`only` the
// entries it needs).
const ENTRIES = [
  { in: source("server/main.ts"), out: "server" },
  { in: source("server/cli/admin.ts"), out: "admin" },
  { in: source("server/export/csv-worker.ts"), out: "csv-worker" },
  { in: source("server/worker.ts"), out: "worker" },
  { in: source("server/db/sqlite/sqlite-worker.mjs"), out: "sqlite-worker" },
  { in: source("server/db/sqlite/sqlite-checkpointer.mjs"), out: "sqlite-checkpointer" },
];

export const bundleServer = (outdir = dirname(SERVER_BUNDLE), only = ENTRIES.map((entry) => entry.out)) =>
  build({
    entryPoints: ENTRIES.filter((entry) => only.includes(entry.out)),
    outdir,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    external: ["better-sqlite3", "@node-rs/argon2", "pg", "pg-native", "nodemailer"],
    // Inlined CommonJS packages call require(); an ES module has none of its own.
    banner: {
      js: 'import { createRequire as __erfCreateRequire } from "node:module"; const require = __erfCreateRequire(import.meta.url);',
    },
    legalComments: "none",
    logLevel: "warning",
  });

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  await bundleServer();
  console.log(
    "bundle-server: wrote build/server.mjs, build/admin.mjs, build/worker.mjs, build/csv-worker.mjs, build/sqlite-worker.mjs and build/sqlite-checkpointer.mjs",
  );
}
