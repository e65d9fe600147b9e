import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../logger";
import { testDatabases } from "../test-support/databases";
import { useTestDatabase } from "../test-support/storage-suite";
import { testApp } from "../test-support/app";
import { loadSite, type Site } from "./site";

// A tiny fake build/client, so this runs without `npm run build`.

const INLINE_SCRIPT = 'window.__ctx = {"page":"home"};';
// Independently computed: printf '%s' "$INLINE_SCRIPT" | openssl dgst -sha256 -binary | base64
const INLINE_SCRIPT_HASH = "'sha256-0CyzLWRNSDJI2XkL3+f8vu06tZJDgVz+Q8DDIyiaEVk='";
const ASSET = "console.log('hashed asset');".repeat(50);

let root: string;
let site: Site;
const open = useTestDatabase(testDatabases[0]!, { clear: "once" });
const logged: string[] = [];

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "erf-site-"));
  await mkdir(join(root, "about"));
  await mkdir(join(root, "404"));
  await mkdir(join(root, "assets"));
  await writeFile(
    join(root, "index.html"),
    `<!doctype html><title>Home</title><script>${INLINE_SCRIPT}</script><script type="application/ld+json">{"@type":"Organization"}</script><script type="module" src="/assets/x.js"></script>`,
  );
  await writeFile(join(root, "about", "index.html"), "<!doctype html><title>About</title>");
  await writeFile(join(root, "404", "index.html"), "<!doctype html><h1>Oops! Page not found</h1>");
  await writeFile(join(root, "__spa-fallback.html"), "<!doctype html><title>Admin shell</title>");
  await writeFile(join(root, "assets", "x.js"), ASSET);
  await writeFile(join(root, "assets", "x.js.br"), brotliCompressSync(ASSET));
  await writeFile(join(root, "assets", "x.js.gz"), gzipSync(ASSET));
  await writeFile(join(root, "..secret"), "nope");
  site = await loadSite(root);
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const app = () => testApp(open.db, { site, logger: createLogger("info", (line) => logged.push(line)) });

describe("serving the built site", () => {
  it("serves the prerendered home and about pages with no-cache", async () => {
    const home = await app().request("/");
    expect(home.status).toBe(200);
    expect(home.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(home.headers.get("cache-control")).toBe("no-cache");
    expect(await home.text()).toContain("<title>Home</title>");
    for (const path of ["/about", "/about/"]) {
      const about = await app().request(path);
      expect(about.status).toBe(200);
      expect(await about.text()).toContain("<title>About</title>");
    }
  });

  it("answers an unknown path with the prerendered 404 page, status 404, and logs the path only", async () => {
    const response = await app().request("/no-such-page?token=secret");
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("Oops! Page not found");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    const entry = logged.map((line) => JSON.parse(line) as Record<string, unknown>).find((e) => e.msg === "not-found");
    expect(entry?.path).toBe("/no-such-page");
    expect(logged.join("\n")).not.toContain("secret");
  });

  it("serves the SPA shell with 200 for any /admin path", async () => {
    for (const path of ["/admin/dashboard", "/admin/login", "/admin"]) {
      const response = await app().request(path);
      expect(response.status, path).toBe(200);
      expect(await response.text()).toContain("Admin shell");
    }
  });

  it("serves the SPA shell, not indexed, for the unsubscribe and confirmation pages whatever their token", async () => {
    for (const path of ["/unsubscribe?token=abc.def", "/newsletter/confirm?token=abc.def"]) {
      const response = await app().request(path);
      expect(response.status, path).toBe(200);
      expect(await response.text()).toContain("Admin shell");
      expect(response.headers.get("x-robots-tag")).toBe("noindex");
    }
  });

  it("caches hashed assets for a year, immutable", async () => {
    const response = await app().request("/assets/x.js");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
  });

  it("serves the brotli twin when accepted, gzip when only that is, and identity otherwise", async () => {
    const br = await app().request("/assets/x.js", { headers: { "Accept-Encoding": "gzip, deflate, br" } });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("vary")).toBe("Accept-Encoding");
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(ASSET);

    const gzip = await app().request("/assets/x.js", { headers: { "Accept-Encoding": "gzip" } });
    expect(gzip.headers.get("content-encoding")).toBe("gzip");

    const refused = await app().request("/assets/x.js", { headers: { "Accept-Encoding": "br;q=0, gzip;q=0" } });
    expect(refused.headers.get("content-encoding")).toBeNull();
    expect(await refused.text()).toBe(ASSET);
  });

  it("answers a matching If-None-Match with 304", async () => {
    const first = await app().request("/");
    const etag = first.headers.get("etag");
    expect(etag).toBeTruthy();
    const again = await app().request("/", { headers: { "If-None-Match": etag! } });
    expect(again.status).toBe(304);
  });

  it("puts the inline script's sha256 in script-src, not the JSON-LD's, and no unsafe-inline/eval", async () => {
    const csp = (await app().request("/")).headers.get("content-security-policy") ?? "";
    const scriptSrc =
      csp
        .split(";")
        .map((d) => d.trim())
        .find((d) => d.startsWith("script-src")) ?? "";
    expect(scriptSrc).toBe(`script-src 'self' ${INLINE_SCRIPT_HASH}`);
    expect(scriptSrc).not.toContain("unsafe-inline");
    expect(scriptSrc).not.toContain("unsafe-eval");
  });

  it.each([["/../package.json"], ["/%2e%2e/%2e%2e/etc/passwd"], ["/..secret"], ["/assets/..%2f..%2fsecret"]])(
    "refuses to step outside the build directory: %s",
    async (path) => {
      const response = await app().request(path);
      expect(response.status).toBe(404);
      expect(await response.text()).not.toBe("nope");
    },
  );
});
