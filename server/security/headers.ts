import type { MiddlewareHandler } from "hono";

/**
 * Security headers on every response, set after the handler so 404s, validation errors and 500s
 * (which the error handlers produce further in) carry them too.
 */
export function securityHeaders(contentSecurityPolicy: string): MiddlewareHandler {
  const headers: Record<string, string> = {
    "Content-Security-Policy": contentSecurityPolicy,
    "Strict-Transport-Security": "max-age=63072000; includeSubDomains",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    // The site uses none of these powerful features; deny them to any embedded or injected code.
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()",
  };
  return async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(headers)) {
      // A page with a policy of its own (the API reference, server/openapi/routes.ts) keeps it.
      if (name === "Content-Security-Policy" && c.res.headers.has(name)) continue;
      c.res.headers.set(name, value);
    }
  };
}
