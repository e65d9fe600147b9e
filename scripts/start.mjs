// npm start: runs build/server.mjs, the bundle `npm run build` writes (ready in well under a second).
// On a fresh clone (no build/client/index.html) it runs `npm run build` first; an existing build is left
// alone (run `npm run build` yourself after changing the front end). Without a bundle, or when the
// server's sources changed after it was built, it runs the TypeScript sources through tsx instead
// (about three times slower to start), and says so. (The build check was a `prestart` script: a second
// Node process, 0.15 s of every start.)
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const bundle = join(root, "build", "server.mjs");

if (!existsSync(join(root, "build", "client", "index.html"))) {
  console.log("start: build/client/index.html is missing; running `npm run build`");
  const result = spawnSync("npm", ["run", "build"], {
    cwd: root,
    stdio: "inherit",
    shell: process.platform === "win32",
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
// What the server is built from: its own folder and the shared domain and config it imports.
const SOURCES = ["server", "src/domain", "src/config"];

function newestChange(path) {
  const stats = statSync(path, { throwIfNoEntry: false });
  if (!stats) return 0;
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const name of readdirSync(path)) newest = Math.max(newest, newestChange(join(path, name)));
  return newest;
}

const bundleTime = existsSync(bundle) ? statSync(bundle).mtimeMs : 0;
const sourcesTime = Math.max(...SOURCES.map((path) => newestChange(join(root, path))));

if (bundleTime > 0 && bundleTime >= sourcesTime) {
  await import(pathToFileURL(bundle).href);
} else {
  console.error(
    bundleTime === 0
      ? "start: no build/server.mjs; running the TypeScript sources with tsx (run `npm run build` for a faster start)"
      : "start: the server's sources changed after build/server.mjs was built; running them with tsx (`npm run build` refreshes the bundle)",
  );
  const { register } = await import("tsx/esm/api");
  register();
  await import(pathToFileURL(join(root, "server", "main.ts")).href);
}
