import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startCliEmulator, type RunningCliEmulator } from "../firebase/emulators/cli-emulator";
import { NEEDS_JAVASCRIPT } from "../../src/features/capture/posted-form";
import { launchBrowser } from "../support/browser";

// The Firebase production build (`npm run build:firebase`, demo config) served by the Firebase Hosting
// emulator with the repository's firebase.json (headers, clean URLs, SPA fallback), in real Chromium:
// public pages load no Firebase code until a form is submitted, and then only the write-only piece.

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const CLIENT = join(ROOT, "build-firebase", "client");
const PROJECT = "demo-erf";
const DEMO_ENV = {
  VITE_FIREBASE_API_KEY: "demo-api-key",
  VITE_FIREBASE_AUTH_DOMAIN: "demo-erf.firebaseapp.com",
  VITE_FIREBASE_PROJECT_ID: PROJECT,
  VITE_FIREBASE_APP_ID: "1:000000000000:web:0000000000000000",
  VITE_FIREBASE_AUTH_EMULATOR_HOST: "",
  VITE_FIREBASE_FIRESTORE_EMULATOR_HOST: "",
  VITE_RECAPTCHA_SITE_KEY: "",
};
// Strings only the Firebase SDK's code contains: the endpoints it calls and its error class.
const FIREBASE_MARKERS = ["firestore.googleapis.com", "identitytoolkit.googleapis.com", "FirebaseError"];

let hosting: RunningCliEmulator;
let browser: Browser;
let origin: string;
let configDir: string;
/** Built chunks that hold Firebase SDK code, by URL path; and the one with Auth (staff only). */
let firebaseChunks: Set<string>;
let authChunks: Set<string>;

function buildForFirebase(configPath: string) {
  const result = spawnSync(
    process.execPath,
    ["--import", "tsx", "scripts/firebase-build.ts", "--firebase-json", configPath],
    {
      cwd: ROOT,
      env: { ...process.env, ...DEMO_ENV },
      encoding: "utf8",
    },
  );
  if (result.status !== 0) throw new Error(`build:firebase failed:\n${result.stdout}\n${result.stderr}`);
}

function classifyChunks() {
  firebaseChunks = new Set();
  authChunks = new Set();
  for (const name of readdirSync(join(CLIENT, "assets")).filter((file) => file.endsWith(".js"))) {
    const code = readFileSync(join(CLIENT, "assets", name), "utf8");
    if (FIREBASE_MARKERS.some((marker) => code.includes(marker))) firebaseChunks.add(`/assets/${name}`);
    if (code.includes("identitytoolkit.googleapis.com")) authChunks.add(`/assets/${name}`);
  }
}

beforeAll(async () => {
  configDir = mkdtempSync(join(tmpdir(), "erf-firebase-json-"));
  const configPath = join(configDir, "firebase.json");
  writeFileSync(configPath, readFileSync(join(ROOT, "firebase.json")));
  buildForFirebase(configPath);
  classifyChunks();
  const config = JSON.parse(readFileSync(configPath, "utf8")) as { hosting: Record<string, unknown> };
  [hosting, browser] = await Promise.all([
    startCliEmulator("hosting", PROJECT, { hosting: { ...config.hosting, public: "site" } }, { site: CLIENT }),
    launchBrowser(),
  ]);
  // localhost, as a visitor's browser would see a secure origin (crypto.subtle needs one).
  origin = `http://localhost:${hosting.host.split(":")[1]}`;
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await hosting?.stop();
  if (configDir) rmSync(configDir, { recursive: true, force: true });
});

interface Seen {
  url: URL;
  at: number;
}

async function recordingPage(): Promise<{
  page: Page;
  requests: Seen[];
  commits: string[];
  cspViolations: string[];
  pageErrors: string[];
}> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const requests: Seen[] = [];
  const commits: string[] = [];
  const cspViolations: string[] = [];
  // Uncaught errors, among them React's when a page does not hydrate as it was prerendered.
  const pageErrors: string[] = [];
  page.on("pageerror", (error) => pageErrors.push(error.message));
  page.on("request", (request) => requests.push({ url: new URL(request.url()), at: Date.now() }));
  page.on("console", (message) => {
    if (message.text().includes("Content Security Policy")) cspViolations.push(message.text());
  });
  // Firestore itself is not reachable here: answer its REST commit as the real service does.
  await page.route("https://firestore.googleapis.com/**", async (route) => {
    commits.push(route.request().postData() ?? "");
    const now = new Date().toISOString();
    await route.fulfill({
      contentType: "application/json",
      body: JSON.stringify({ writeResults: [{ updateTime: now }], commitTime: now }),
    });
  });
  return { page, requests, commits, cspViolations, pageErrors };
}

const loadedFrom = (requests: Seen[], chunks: Set<string>, after = 0) =>
  requests
    .filter((seen) => seen.at >= after && seen.url.origin === origin && chunks.has(seen.url.pathname))
    .map((seen) => seen.url.pathname);

describe("Firebase build on Firebase Hosting (emulator)", () => {
  it("splits the Firebase SDK into chunks of its own, Auth apart from the public writer", () => {
    expect(firebaseChunks.size).toBeGreaterThan(0);
    expect(authChunks.size).toBeGreaterThan(0);
    expect([...firebaseChunks].some((chunk) => !authChunks.has(chunk))).toBe(true);
  });

  it("loads no Firebase code on the home page until the newsletter form is submitted, then only the writer", async () => {
    const { page, requests, commits, cspViolations, pageErrors } = await recordingPage();
    await page.goto(`${origin}/`, { waitUntil: "networkidle" });
    const form = page.getByRole("form", { name: "Newsletter signup" });
    await form.getByLabel("Email address").fill("reader@example.com");
    await page.waitForLoadState("networkidle");
    expect(loadedFrom(requests, firebaseChunks)).toEqual([]);
    expect(requests.filter((seen) => seen.url.hostname.endsWith("googleapis.com"))).toEqual([]);

    const submittedAt = Date.now();
    await form.getByRole("button", { name: "Subscribe" }).click();
    const toast = page.locator("li[data-variant]").last();
    // Its chunks load from the Hosting emulator first, slower while other browser files share the cores.
    // (A toast that never came was the page failing hydration and dropping the typed address: pageErrors.)
    await toast.waitFor({ state: "visible", timeout: 30_000 });
    expect(await toast.innerText()).toContain("Successfully subscribed!");

    expect(loadedFrom(requests, firebaseChunks, submittedAt).length).toBeGreaterThan(0);
    expect(loadedFrom(requests, authChunks)).toEqual([]);
    expect(commits).toHaveLength(1);
    const commit = JSON.parse(commits[0]!) as {
      writes: { update: { name: string; fields: Record<string, { stringValue?: string }> } }[];
    };
    const write = commit.writes[0]!.update;
    expect(write.name).toMatch(
      new RegExp(`^projects/${PROJECT}/databases/\\(default\\)/documents/newsletter/[0-9a-f]{64}$`),
    );
    expect(write.fields.email?.stringValue).toBe("reader@example.com");
    expect(write.fields.status?.stringValue).toBe("subscribed");
    expect(cspViolations).toEqual([]);
    expect(pageErrors).toEqual([]);
    await page.close();
  });

  it("posts every form (never a GET), to no server, and says that sending it needs JavaScript", async () => {
    let forms = 0;
    for (const path of ["/", "/contact", "/signup", "/request-demo"]) {
      const html = await (await fetch(`${origin}${path}`)).text();
      for (const [tag] of html.matchAll(/<form\b[^>]*>/g)) {
        forms += 1;
        expect(tag, path).toContain('method="post"');
        expect(tag, path).not.toContain("action=");
      }
      // In a <noscript> (which a browser with JavaScript turned off in its settings shows; DevTools' switch does not).
      expect(
        html.split(
          `<noscript><p class="rounded-lg bg-amber-50 p-3 text-sm font-medium text-amber-900">${NEEDS_JAVASCRIPT}</p></noscript>`,
        ).length - 1,
        path,
      ).toBe(html.match(/<form\b/g)?.length ?? 0);
    }
    expect(forms).toBe(6);

    const plain = await browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await plain.newPage();
      const urls: string[] = [];
      page.on("request", (request) => urls.push(request.url()));
      await page.goto(`${origin}/contact`);
      const form = page.getByRole("form", { name: "Contact form" });
      await form.getByLabel("First Name").fill("Nomsa");
      await form.getByLabel("Last Name").fill("Khumalo");
      await form.getByLabel("Email").fill("nomsa@example.co.za");
      await form.getByLabel("Message").fill("Sent without JavaScript");
      await form.getByRole("button", { name: "Send Message" }).click();
      await page.waitForLoadState();
      for (const url of urls) expect(url).not.toMatch(/\?|nomsa|Nomsa/);
    } finally {
      await plain.close();
    }
  });

  it("serves the pages with the server's security headers and the build's script hashes", async () => {
    const response = await fetch(`${origin}/about`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("<html");
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/script-src 'self' 'sha256-/);
    expect(csp).toContain(
      "connect-src 'self' https://firestore.googleapis.com https://identitytoolkit.googleapis.com https://securetoken.googleapis.com",
    );
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("cache-control")).toBe("no-cache");
    const asset = [...firebaseChunks][0]!;
    expect((await fetch(`${origin}${asset}`)).headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  it("answers /admin/* with the SPA shell and unknown paths with the 404 page", async () => {
    const admin = await fetch(`${origin}/admin/dashboard`);
    expect(admin.status).toBe(200);
    expect(admin.headers.get("x-robots-tag")).toBe("noindex");
    expect(await admin.text()).toBe(readFileSync(join(CLIENT, "__spa-fallback.html"), "utf8"));
    const missing = await fetch(`${origin}/no-such-page`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain("Page not found");
  });

  it("renders the staff login page from the SPA shell, its inline scripts allowed by the CSP", async () => {
    const { page, cspViolations } = await recordingPage();
    await page.goto(`${origin}/admin/login`);
    await page.getByRole("form", { name: "Admin sign in" }).getByRole("button", { name: "Sign In" }).waitFor();
    expect(cspViolations).toEqual([]);
    await page.close();
  });
});
