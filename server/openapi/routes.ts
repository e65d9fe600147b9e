import { randomBytes } from "node:crypto";
import { Hono } from "hono";
import { describe } from "./describe";
import { docsPage, docsPolicy } from "./docs-page";
import { apiDocument } from "./document";
import { object } from "./answers";

/**
 * GET /api/openapi.json (the description, generated once from `app` on first request) and GET /api/docs
 * (Scalar's reference page for it, its script from this origin: `docsScript`, the built site's copy, or
 * null without a build). Both public: the description says what the API is, not what it holds.
 */
export function openApiRoutes(app: () => Hono, docsScript: string | null) {
  let document: Promise<unknown> | null = null;
  return new Hono()
    .get(
      "/openapi.json",
      describe({
        tag: "Health",
        summary: "This API description (OpenAPI 3.1)",
        access: "public",
        answers: { 200: { description: "The description", schema: object("An OpenAPI 3.1 document") } },
      }),
      async (c) => {
        document ??= apiDocument(app()).catch((error: unknown) => {
          document = null;
          throw error;
        });
        c.header("Cache-Control", "no-cache");
        return c.json(await document);
      },
    )
    .get(
      "/docs",
      describe({
        tag: "Health",
        summary: "A reference page for this API description",
        access: "public",
        answers: { 200: { description: "An HTML page (Scalar)", media: "text/html" } },
      }),
      (c) => {
        const nonce = randomBytes(16).toString("base64");
        c.header("Content-Security-Policy", docsPolicy(nonce));
        c.header("Cache-Control", "no-store");
        return c.html(docsPage({ nonce, script: docsScript }));
      },
    );
}
