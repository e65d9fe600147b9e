// Runs after `react-router build`: makes each prerendered page load its JavaScript after the first paint
// (scripts/boot-after-paint.mjs), then writes .br and .gz twins of the text assets in build/client, so the
// server can send compressed bytes without compressing on every request (server/static/send-file.ts).
import { statSync } from "node:fs";
import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { bootAfterPaint } from "./boot-after-paint.mjs";

const CLIENT_DIR = fileURLToPath(new URL("../build/client", import.meta.url));
const COMPRESSIBLE = /\.(html|js|mjs|css|svg|json|txt|xml|webmanifest|map)$/;
// Below this, headers outweigh the saving.
const MIN_BYTES = 512;

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

async function compressFile(path) {
  const source = await readFile(path);
  if (source.length < MIN_BYTES) return 0;
  const [br, gzipped] = await Promise.all([
    // Built once, served many times: take the slowest, smallest settings.
    brotli(source, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length },
    }),
    gz(source, { level: 9 }),
  ]);
  let written = 0;
  // A twin that is not smaller is useless; the server falls back to the original when none exists.
  for (const [suffix, bytes] of [
    [".br", br],
    [".gz", gzipped],
  ]) {
    if (bytes.length >= source.length) continue;
    await writeFile(path + suffix, bytes);
    written += 1;
  }
  return written;
}

async function main() {
  try {
    await stat(CLIENT_DIR);
  } catch {
    console.error(`postbuild: ${CLIENT_DIR} does not exist; run react-router build first`);
    process.exit(1);
  }
  const entries = await readdir(CLIENT_DIR, { recursive: true, withFileTypes: true });
  // Prerendered pages only; the SPA fallback (/admin, /unsubscribe) renders nothing before its JavaScript.
  const pages = entries
    .filter((entry) => entry.isFile() && entry.name === "index.html")
    .map((entry) => join(entry.parentPath ?? entry.path, entry.name));
  // A module's size orders the page's requests for it, largest first.
  const sizeOf = (url) => statSync(join(CLIENT_DIR, url)).size;
  for (const page of pages) await writeFile(page, bootAfterPaint(await readFile(page, "utf8"), page, sizeOf));
  const files = entries
    .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
    .map((entry) => join(entry.parentPath ?? entry.path, entry.name));
  const counts = await Promise.all(files.map(compressFile));
  const written = counts.reduce((sum, count) => sum + count, 0);
  console.log(
    `postbuild: ${pages.length} pages boot after their first paint; wrote ${written} precompressed files for ${files.length} assets in build/client`,
  );
}

await main();
