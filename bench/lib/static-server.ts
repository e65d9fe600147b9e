// A minimal static server for the naive yardstick (bench/naive): every file compressed once at start with
// brotli (quality 11) and gzip (level 9) and sent by Accept-Encoding, as the Erf server sends its
// precompressed twins; unknown paths get index.html (a single-page app). 127.0.0.1 only.
import { readdirSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { extname, join, relative } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml",
};

interface Entry {
  type: string;
  raw: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/** `sameHeadersAs`: extra headers for every response, e.g. the security headers the Erf server sends. */
export async function serveStatic(
  dir: string,
  sameHeadersAs: Record<string, string> = {},
): Promise<{ url: string; close(): Promise<void> }> {
  const files = new Map<string, Entry>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    const raw = readFileSync(path);
    files.set(`/${relative(dir, path).split("\\").join("/")}`, {
      type: TYPES[extname(path)] ?? "application/octet-stream",
      raw,
      br: brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      gzip: gzipSync(raw, { level: 9 }),
    });
  }
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://localhost").pathname;
    const file = files.get(path) ?? files.get("/index.html")!;
    const accepts = String(request.headers["accept-encoding"] ?? "");
    const [body, encoding] = accepts.includes("br")
      ? [file.br, "br"]
      : accepts.includes("gzip")
        ? [file.gzip, "gzip"]
        : [file.raw, null];
    response.writeHead(200, {
      ...sameHeadersAs,
      "Content-Type": file.type,
      "Content-Length": body.length,
      "Cache-Control": path.startsWith("/assets/") ? "public, max-age=31536000, immutable" : "no-cache",
      Vary: "Accept-Encoding",
      ...(encoding && { "Content-Encoding": encoding }),
    });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("no address");
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
