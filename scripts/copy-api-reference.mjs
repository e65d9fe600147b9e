// Copies the API reference page's script (Scalar's single-file browser bundle, from the installed
// @scalar/api-reference) into build/client/api-reference/ under a name with its content hash, so the
// server sends it from our own origin with a year's cache, and /api/docs loads nothing from a CDN
// (decision 0047). Runs after `react-router build` (which empties build/client) and before postbuild
// (which writes its .br and .gz twins).
import { createHash } from "node:crypto";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

// server/static/site.ts finds the file by this folder and name shape (`scalar.<12 hex of its SHA-256>.js`).
export const API_REFERENCE_DIR = "api-reference";

/** The bundle in the installed package (its `browser` field; `exports` does not list it, so found beside its main entry, dist/index.js). */
export function apiReferenceSource() {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve("@scalar/api-reference")), "browser", "standalone.js");
}

/** Writes the script into `<clientDir>/api-reference/`, replacing any older copy; returns its file name. */
export async function copyApiReference(clientDir) {
  const source = await readFile(apiReferenceSource());
  const name = `scalar.${createHash("sha256").update(source).digest("hex").slice(0, 12)}.js`;
  const dir = join(clientDir, API_REFERENCE_DIR);
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, name), source);
  return name;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const name = await copyApiReference(fileURLToPath(new URL("../build/client", import.meta.url)));
  console.log(`copy-api-reference: wrote build/client/${API_REFERENCE_DIR}/${name}`);
}
