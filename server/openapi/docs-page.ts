import { BRAND } from "../../src/config/brand";

// The API reference page (GET /api/docs): our own small HTML around Scalar's browser bundle, which the
// build copies from the installed @scalar/api-reference into build/client/api-reference/ under a hashed
// name (scripts/copy-api-reference.mjs), so the page loads nothing from another origin (decision 0047).
// Before the script runs, and if it never does, the page is a link to the description itself.

/**
 * Scalar's options: the description from this server; no web fonts, API client, telemetry, developer
 * tools, AI agent or MCP panel (each would call or advertise another service).
 */
const CONFIGURATION = {
  url: "/api/openapi.json",
  withDefaultFonts: false,
  hideClientButton: true,
  telemetry: false,
  showDeveloperTools: "never",
  agent: { disabled: true },
  mcp: { disabled: true },
};

const FALLBACK_ID = "docs-fallback";

/**
 * The reference page's own CSP, in place of the site's: scripts from this origin and the page's one inline
 * script by a fresh nonce, its styles inline (Scalar injects them at run time), connections only back
 * here for the description. No other origin anywhere.
 */
export const docsPolicy = (nonce: string) =>
  [
    "default-src 'none'",
    "object-src 'none'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join("; ");

/** `script`: the bundle's URL path on this origin, or null when the build has none (an API-only server). */
export function docsPage({ nonce, script }: { nonce: string; script: string | null }): string {
  const title = `${BRAND.name} API`;
  // JSON in a script element: "<" escaped so no value can close the element.
  const configuration = JSON.stringify(CONFIGURATION).replace(/</g, "\\u003c");
  const start = script
    ? `
    <script src="${script}" nonce="${nonce}"></script>
    <script nonce="${nonce}">
      if (typeof Scalar !== "undefined") {
        document.getElementById("${FALLBACK_ID}").hidden = true;
        Scalar.createApiReference("#app", ${configuration});
      }
    </script>`
    : "";
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <meta property="csp-nonce" content="${nonce}" />
    <title>${title}</title>
  </head>
  <body>
    <main id="${FALLBACK_ID}">
      <h1>${title}</h1>
      <p>The interactive reference did not load. The API description is at <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1): open it in any OpenAPI viewer.</p>
    </main>
    <noscript><p>The interactive reference needs JavaScript. The API description is at <a href="/api/openapi.json">/api/openapi.json</a>.</p></noscript>
    <div id="app"></div>${start}
  </body>
</html>
`;
}
