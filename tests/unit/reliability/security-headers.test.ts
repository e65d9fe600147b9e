import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIMITS } from "../../../src/domain/limits";
import type { Db } from "../../../server/db/store";
import { loadSite, type Site } from "../../../server/static/site";
import { testDatabases, type OpenDatabase } from "../../../server/test-support/databases";
import { testApp, testConfig, validContact } from "../../../server/test-support/app";
import { ROUTE_CASES } from "./api-routes";
import { runMatrix } from "./access-matrix-runner";

// Check 8 of docs/reliability.md (the server half; the browser half is the CSP recorder in every e2e
// file, tests/support/csp-violations.ts). Must hold on EVERY response, 404s, API errors and 500s
// included: a CSP whose script-src allows no inline or eval'd code and whose frame-ancestors is 'none',
// HSTS, nosniff.

type Answer = { label: string; headers: Headers; status: number };

function headerProblems({ headers }: Answer): string[] {
  const problems: string[] = [];
  const csp = headers.get("content-security-policy");
  if (!csp) return ["no Content-Security-Policy"];
  const directives = new Map(
    csp.split(";").map((part) => {
      const [name = "", ...sources] = part.trim().split(/\s+/);
      return [name.toLowerCase(), sources] as const;
    }),
  );
  const scriptSrc = directives.get("script-src") ?? directives.get("default-src");
  if (!scriptSrc) problems.push("CSP has neither script-src nor default-src");
  for (const forbidden of ["'unsafe-inline'", "'unsafe-eval'", "'unsafe-hashes'", "*", "data:", "http:", "https:"]) {
    if (scriptSrc?.includes(forbidden)) problems.push(`script-src allows ${forbidden}`);
  }
  if (directives.get("frame-ancestors")?.join(" ") !== "'none'")
    problems.push(`frame-ancestors is ${String(directives.get("frame-ancestors"))}`);
  if (directives.get("object-src")?.join(" ") !== "'none'") problems.push("object-src is not 'none'");
  if (
    !/^max-age=(\d+)/.test(headers.get("strict-transport-security") ?? "") ||
    Number(/max-age=(\d+)/.exec(headers.get("strict-transport-security") ?? "")?.[1]) < 15_552_000
  ) {
    problems.push(`HSTS ${String(headers.get("strict-transport-security"))} (want max-age of at least 180 days)`);
  }
  if (headers.get("x-content-type-options") !== "nosniff") problems.push("no X-Content-Type-Options: nosniff");
  return problems;
}

const problemsOf = (answers: Answer[]) =>
  answers.flatMap((answer) =>
    headerProblems(answer).map((problem) => `${answer.label} (${answer.status}): ${problem}`),
  );

/** A tiny built site: one page with an inline script (so the CSP has a hash), the 404 page, an asset. */
async function fakeSite(): Promise<{ site: Site; root: string }> {
  const root = await mkdtemp(join(tmpdir(), "erf-headers-site-"));
  await mkdir(join(root, "404"), { recursive: true });
  await mkdir(join(root, "assets"), { recursive: true });
  await writeFile(join(root, "index.html"), "<!doctype html><title>Home</title><script>window.__x = 1;</script>");
  await writeFile(join(root, "404", "index.html"), "<!doctype html><h1>Oops! Page not found</h1>");
  await writeFile(join(root, "__spa-fallback.html"), "<!doctype html><title>Admin</title>");
  await writeFile(join(root, "assets", "app.js"), "console.log(1)");
  return { site: await loadSite(root), root };
}

async function request(
  app: ReturnType<typeof testApp>,
  label: string,
  path: string,
  init: RequestInit = {},
): Promise<Answer> {
  const response = await app.request(path, init);
  await response.arrayBuffer().catch(() => undefined);
  return { label, headers: response.headers, status: response.status };
}

describe("security headers on every response", () => {
  let open: OpenDatabase;
  let site: Site;
  let siteRoot: string;
  beforeAll(async () => {
    open = await testDatabases[0]!.open();
    ({ site, root: siteRoot } = await fakeSite());
  });
  afterAll(async () => {
    await open.close();
    await rm(siteRoot, { recursive: true, force: true });
  });

  it("on every answer of the access matrix (every route, every sign-in state)", async () => {
    const answers = await runMatrix(open.db, ROUTE_CASES);
    expect(new Set(answers.map((a) => a.status)).size).toBeGreaterThan(5);
    expect(
      problemsOf(
        answers.map((a) => ({
          label: `${a.state} ${a.routeCase.route} (${a.routeCase.name})`,
          headers: a.headers,
          status: a.status,
        })),
      ),
    ).toEqual([]);
  }, 300_000);

  it("on 413, 415, 429, 400, HEAD and OPTIONS answers, and the static site's pages, assets and 404s", async () => {
    const app = testApp(open.db, { site, config: testConfig({ rateLimitPerMinute: 2 }) });
    const big = JSON.stringify({ ...validContact, message: "x".repeat(LIMITS.bodyBytes) });
    const answers = [
      await request(app, "413", "/api/contacts", {
        method: "POST",
        headers: { "Content-Type": "application/json", "Content-Length": String(big.length) },
        body: big,
      }),
      await request(app, "415", "/api/contacts", {
        method: "POST",
        headers: { "Content-Type": "text/plain" },
        body: "x",
      }),
      await request(app, "400 malformed", "/api/newsletter", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: "{",
      }),
      await request(app, "429", "/api/newsletter", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: "{}",
      }),
      await request(app, "HEAD /", "/", { method: "HEAD" }),
      await request(app, "OPTIONS /api/contacts", "/api/contacts", { method: "OPTIONS" }),
      await request(app, "a page", "/"),
      await request(app, "an asset", "/assets/app.js"),
      await request(app, "a missing asset", "/assets/nope.js"),
      await request(app, "the 404 page", "/no-such-page"),
      await request(app, "the admin shell", "/admin/dashboard"),
      await request(app, "a path traversal", "/..%2f..%2fetc%2fpasswd"),
      await request(app, "an unknown API path", "/api/nope"),
    ];
    expect(answers.map((a) => a.status)).toContain(429);
    expect(answers.map((a) => a.status)).toContain(413);
    expect(problemsOf(answers)).toEqual([]);
    // The built page's inline script is allowed by its hash, not by 'unsafe-inline'.
    expect(answers.find((a) => a.label === "a page")?.headers.get("content-security-policy")).toMatch(
      /script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/,
    );
  });

  it("on a 500 from a broken database", async () => {
    const broken = await testDatabases[0]!.open();
    await broken.db.destroy();
    const app = testApp(broken.db as Db);
    const answers = [
      await request(app, "500 on a form", "/api/contacts", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(validContact),
      }),
      await request(app, "503 health", "/healthz"),
    ];
    expect(answers.map((a) => a.status)).toEqual([500, 503]);
    expect(problemsOf(answers)).toEqual([]);
    await broken.close().catch(() => undefined);
  });

  it("flags a weak policy (the check can fail)", () => {
    const weak = new Headers({
      "Content-Security-Policy": "default-src 'self'; script-src 'self' 'unsafe-inline'",
      "X-Content-Type-Options": "nosniff",
    });
    expect(headerProblems({ label: "weak", headers: weak, status: 200 })).toEqual(
      expect.arrayContaining([
        "script-src allows 'unsafe-inline'",
        "frame-ancestors is undefined",
        expect.stringMatching(/^HSTS/),
      ]),
    );
  });
});
