import { join } from "node:path";
import type { Context } from "hono";
import type { Logger } from "../logger";
import { candidatePaths, findFile, findFirstFile } from "./files";
import { sendFile } from "./send-file";
import type { Site } from "./site";

// Built by react-router (and the API reference's script, scripts/copy-api-reference.mjs) with content
// hashes in the names, so an asset URL never changes meaning.
const IMMUTABLE = "public, max-age=31536000, immutable";
// Prerendered pages change with every deploy; always revalidate (cheap thanks to the ETag).
const REVALIDATE = "no-cache";
const SHORT = "public, max-age=3600";

/**
 * Routes rendered in the browser only, served the SPA shell: /admin/*, and /unsubscribe and
 * /newsletter/confirm (their content depends on the token in the query, so there is nothing to
 * prerender). None is for search engines.
 */
const isClientOnlyPath = (path: string) =>
  path === "/admin" || path.startsWith("/admin/") || path === "/unsubscribe" || path === "/newsletter/confirm";

function cachePolicy(urlPath: string, filePath: string) {
  if (urlPath.startsWith("/assets/") || urlPath.startsWith("/api-reference/")) return IMMUTABLE;
  return filePath.endsWith(".html") ? REVALIDATE : SHORT;
}

/** GET handler for the built site: files, prerendered pages, and the SPA shell for client-only routes. */
export function serveSite(site: Site) {
  return async (c: Context, next: () => Promise<void>) => {
    const path = c.req.path;
    if (isClientOnlyPath(path)) {
      // Every client-only URL gets the same shell.
      const shell = await findFile(join(site.root, "__spa-fallback.html"));
      if (shell) {
        const response = await sendFile(c, shell, { cacheControl: REVALIDATE });
        response.headers.set("X-Robots-Tag", "noindex");
        return response;
      }
    }
    const file = await findFirstFile(candidatePaths(site.root, path));
    if (!file) return next();
    return sendFile(c, file, { cacheControl: cachePolicy(path, file.path) });
  };
}

/** The prerendered 404 page with status 404; the missing path is logged (no query string). */
export async function notFoundPage(c: Context, site: Site | null, logger: Logger): Promise<Response> {
  logger.info("not-found", { path: c.req.path.slice(0, 500) });
  const page = site && (await findFile(join(site.root, "404", "index.html")));
  if (!page) return c.text("Not found", 404);
  return sendFile(c, page, { status: 404, cacheControl: REVALIDATE });
}
