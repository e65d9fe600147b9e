import { readFile } from "node:fs/promises";
import type { Context } from "hono";
import { getMimeType } from "hono/utils/mime";
import { acceptedEncodings, encodedPath } from "./encoding";
import { findFile, type FoundFile } from "./files";

const COMPRESSIBLE = /\.(html|js|mjs|css|svg|json|txt|xml|webmanifest|map)$/;

export interface SendOptions {
  status?: 200 | 404;
  cacheControl: string;
}

/**
 * Answers with a file, preferring its precompressed .br/.gz twin when the client accepts one.
 * Weak ETags let a browser revalidate no-cache HTML with a 304 instead of downloading it again.
 */
export async function sendFile(
  c: Context,
  file: FoundFile,
  { status = 200, cacheControl }: SendOptions,
): Promise<Response> {
  const headers: Record<string, string> = {
    "Content-Type": getMimeType(file.path) ?? "application/octet-stream",
    "Cache-Control": cacheControl,
  };
  let chosen = file;
  let encoding: string | undefined;
  if (COMPRESSIBLE.test(file.path)) {
    headers["Vary"] = "Accept-Encoding";
    for (const candidate of acceptedEncodings(c.req.header("accept-encoding"))) {
      const twin = await findFile(encodedPath(file.path, candidate));
      if (twin) {
        chosen = twin;
        encoding = candidate;
        headers["Content-Encoding"] = candidate;
        break;
      }
    }
  }
  const etag = `W/"${chosen.size.toString(16)}-${Math.floor(chosen.mtimeMs).toString(16)}${encoding ? `-${encoding}` : ""}"`;
  headers["ETag"] = etag;
  if (
    status === 200 &&
    c.req
      .header("if-none-match")
      ?.split(",")
      .some((tag) => tag.trim() === etag)
  ) {
    return c.body(null, 304, headers);
  }
  headers["Content-Length"] = String(chosen.size);
  return c.body(await readFile(chosen.path), status, headers);
}
