import { beforeAll, expect, it } from "vitest";
import { createLogger } from "../../../server/logger";
import { testApp } from "../../../server/test-support/app";
import { send, signIn } from "../../../server/test-support/admin";
import { describeStorage } from "../../../server/test-support/storage-suite";
import { ESCAPED_PERCENTS, MALFORMED_ESCAPES } from "./payloads";

// A path parameter that does not percent-decode is bad input, not a fault: every route the app registers
// with a `:param` (read from the app itself, so a new one is covered the day it is added) answers each
// malformed escape of payloads.ts with 400 {error: validation, fields: {<param>: ...}}, signed in as the
// admin (past every guard) and signed out; nothing is logged as an error or with a stack trace. Escapes
// that decode to a bare "%" are never a 500 either (a route that decoded them again threw a URIError).

const PLACEHOLDER = "0b3c5f1e-4d2a-4c8b-9e7f-123456789abc";

interface ParamRoute {
  method: string;
  path: string;
  params: string[];
}

describeStorage(
  "malformed percent-escapes in path parameters",
  (open) => {
    const lines: string[] = [];
    let app: ReturnType<typeof testApp>;
    let cookie: string;
    let routes: ParamRoute[];

    beforeAll(async () => {
      app = testApp(open.db, { logger: createLogger("debug", (line) => lines.push(line)) });
      cookie = await signIn(app);
      const seen = new Map<string, ParamRoute>();
      for (const route of app.routes) {
        const params = route.path.split("/").flatMap((segment) => /^:([^{?]+)$/.exec(segment)?.[1] ?? []);
        if (route.method !== "ALL" && params.length > 0)
          seen.set(`${route.method} ${route.path}`, { method: route.method, path: route.path, params });
      }
      routes = [...seen.values()];
    });

    const pathWith = (route: ParamRoute, param: string, value: string) =>
      route.path
        .split("/")
        .map((segment) => (segment === `:${param}` ? value : segment.startsWith(":") ? PLACEHOLDER : segment))
        .join("/");

    const attempts = () =>
      routes.flatMap((route) =>
        route.params.flatMap((param) =>
          MALFORMED_ESCAPES.map((escape) => ({ route, param, path: pathWith(route, param, escape) })),
        ),
      );

    it("finds the routes with parameters, the blocklist's among them", () => {
      expect(routes.length).toBeGreaterThan(15);
      expect(routes.map((route) => `${route.method} ${route.path}`)).toContain(
        "DELETE /api/admin/spam/blocklist/:entry",
      );
    });

    it("answers every malformed escape in every parameter of every route 400, naming the parameter, signed in and signed out", async () => {
      lines.length = 0;
      const wrong: string[] = [];
      for (const { route, param, path } of attempts()) {
        for (const who of [cookie, null]) {
          const response = await send(app, route.method, path, {
            cookie: who,
            ...(route.method !== "GET" && { body: {} }),
          });
          const body = await response.text();
          let named = false;
          try {
            named = typeof (JSON.parse(body) as { fields?: Record<string, unknown> }).fields?.[param] === "string";
          } catch {
            named = false;
          }
          if (response.status !== 400 || !named)
            wrong.push(
              `${route.method} ${path} (${who ? "admin" : "signed out"}): ${response.status} ${body.slice(0, 120)}`,
            );
        }
      }
      expect(wrong).toEqual([]);
      expect(lines.filter((line) => /"level":"error"|"stack"|URIError/.test(line))).toEqual([]);
    });

    it("never answers 500 to an escape that decodes to a bare %", async () => {
      lines.length = 0;
      const wrong: string[] = [];
      for (const route of routes) {
        for (const param of route.params) {
          for (const escape of ESCAPED_PERCENTS) {
            const path = pathWith(route, param, escape);
            const response = await send(app, route.method, path, {
              cookie,
              ...(route.method !== "GET" && { body: {} }),
            });
            if (response.status >= 500) wrong.push(`${route.method} ${path}: ${response.status}`);
          }
        }
      }
      expect(wrong).toEqual([]);
      expect(lines.filter((line) => /"level":"error"|"stack"|URIError/.test(line))).toEqual([]);
    });

    it("documents the 400 on every route with a path parameter (the OpenAPI description)", async () => {
      const document = (await (await send(app, "GET", "/api/openapi.json")).json()) as {
        paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
      };
      const undocumented = Object.entries(document.paths)
        .filter(([path]) => path.includes("{"))
        .flatMap(([path, operations]) =>
          Object.entries(operations).flatMap(([method, operation]) =>
            operation.responses["400"] ? [] : [`${method.toUpperCase()} ${path}`],
          ),
        );
      expect(undocumented).toEqual([]);
    });
  },
  { admin: true, clear: "once" },
);
