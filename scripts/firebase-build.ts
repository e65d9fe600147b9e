// `npm run build:firebase`: the production build for Firebase Hosting, in build-firebase/ so it never
// replaces the http build in build/. Checks the VITE_FIREBASE_* config first (process env or .env files,
// as Vite reads them), builds with VITE_BACKEND=firebase, adds the 404.html Hosting serves for unknown
// paths, and writes the inline-script hashes into firebase.json's Content-Security-Policy
// (`--firebase-json <path>` writes them into another copy instead; the e2e test uses that).
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { loadEnv } from "vite";
import { bootAfterPaint } from "./boot-after-paint.mjs";
import { FirebaseConfigError, parseFirebaseConfig } from "../src/config/firebase-config.ts";
import { headerOptionsFromEnv, writeFirebaseHeaders } from "./firebase-headers.ts";

export const FIREBASE_BUILD_DIR = "build-firebase";

const root = fileURLToPath(new URL("..", import.meta.url));
const { values: flags } = parseArgs({ options: { "firebase-json": { type: "string" } } });

function run(command: string, args: string[], env: NodeJS.ProcessEnv) {
  const result = spawnSync(command, args, { cwd: root, env, stdio: "inherit", shell: process.platform === "win32" });
  if (result.status !== 0) {
    console.error(`build:firebase: \`${command} ${args.join(" ")}\` failed`);
    process.exit(result.status ?? 1);
  }
}

const viteEnv = { ...loadEnv("production", root, "VITE_"), ...process.env };
try {
  parseFirebaseConfig(viteEnv);
} catch (error) {
  if (!(error instanceof FirebaseConfigError)) throw error;
  console.error(`build:firebase: ${error.message}`);
  process.exit(1);
}

// NODE_ENV: always production, as scripts/build.mjs does (a test runner's NODE_ENV=test would make Vite
// bundle React's development build).
const env = { ...process.env, NODE_ENV: "production", VITE_BACKEND: "firebase", ERF_BUILD_DIR: FIREBASE_BUILD_DIR };
run(process.execPath, ["--import", "tsx", "scripts/generate-sitemap.ts"], env);
run(process.execPath, [join(root, "node_modules/@react-router/dev/bin.js"), "build"], env);

const clientDir = join(root, FIREBASE_BUILD_DIR, "client");
// Each prerendered page loads its JavaScript after its first paint, as in the http build (scripts/postbuild.mjs),
// before the hashes of its inline scripts go into the Content-Security-Policy below.
const sizeOf = (url: string) => statSync(join(clientDir, url)).size;
for (const entry of readdirSync(clientDir, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || entry.name !== "index.html") continue;
  const page = join(entry.parentPath, entry.name);
  writeFileSync(page, bootAfterPaint(readFileSync(page, "utf8"), page, sizeOf));
}
// Hosting answers unknown paths with /404.html (status 404); the prerendered catch-all lives at /404/.
const notFound = join(clientDir, "404", "index.html");
if (existsSync(notFound)) copyFileSync(notFound, join(clientDir, "404.html"));

const configPath = flags["firebase-json"] ?? join(root, "firebase.json");
const policy = await writeFirebaseHeaders(headerOptionsFromEnv(viteEnv, { clientDir, configPath }));
console.log(
  `build:firebase: built ${FIREBASE_BUILD_DIR}/client; ${configPath} CSP allows ${policy.match(/'sha256-/g)?.length ?? 0} inline scripts`,
);
