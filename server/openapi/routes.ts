import { randomBytes } from "node:crypto";
import { Scalar } from "@scalar/hono-api-reference";
import { Hono } from "hono";
import { BRAND } from "../../src/config/brand";
import { describe } from "./describe";
import { apiDocument } from "./document";
import { object } from "./answers";

/**
 * The Scalar page's bundle, pinned: the page loads it from this address and nothing else (decision 0034).
 * Scalar's own default is the newest version, which a CSP could not pin.
 */
export const DOCS_SCRIPT = "https://cdn.jsdelivr.net/npm/@scalar/api-reference@1.76.0/dist/browser/standalone.js";

/**
 * The reference page's own CSP, in place of the site's: its one inline script (the configuration) by a
 * fresh nonce, the pinned bundle by its address, its styles inline (it injects them at run time), and
 * connections only back here for the description.
 */
export const docsPolicy = (nonce: string) =>
  [
    "default-src 'none'",
    "object-src 'none'",
    `script-src 'nonce-${nonce}' ${DOCS_SCRIPT}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join("; ");

/**
 * GET /api/openapi.json (the description, generated once from `app` on first request) and GET /api/docs
 * (Scalar's reference page for it). Both public: the description says what the API is, not what it holds.
 */
export function openApiRoutes(app: () => Hono) {
  let document: Promise<unknown> | null = null;
  return new Hono()
    .get("/openapi.json", describe({ tag: "Health", summary: "This API description (OpenAPI 3.1)", access: "public", answers: { 200: { description: "The description", schema: object("An OpenAPI 3.1 document") } } }), async (c) => {
      document ??= apiDocument(app()).catch((error: unknown) => {
        document = null;
        throw error;
      });
      c.header("Cache-Control", "no-cache");
      return c.json(await document);
    })
    .get("/docs", describe({ tag: "Health", summary: "A reference page for this API description", access: "public", answers: { 200: { description: "An HTML page (Scalar)", media: "text/html" } } }), async (c, next) => {
      const nonce = randomBytes(16).toString("base64");
      const page = Scalar({ url: "/api/openapi.json", pageTitle: `${BRAND.name} API`, cdn: DOCS_SCRIPT, nonce, withDefaultFonts: false, hideClientButton: true, telemetry: false });
      // Scalar's middleware always answers with the page.
      const response = (await page(c, next)) as Response;
      response.headers.set("Content-Security-Policy", docsPolicy(nonce));
      response.headers.set("Cache-Control", "no-store");
      return response;
    });
}
