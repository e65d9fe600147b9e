// What JavaScript a prerendered page makes the browser load before it is interactive, measured on the
// production build: every <script src>, every <link rel="modulepreload">, every script an inline module
// script names (React Router's boot script), and everything those files import statically, recursively.
// Dynamic import() inside those files is left out: that code loads later, when something asks for it (a
// form's adapter on submit, the mobile menu's drawer once the page is idle).
// Sizes are gzip at level 9, as scripts/postbuild.mjs precompresses them and the server sends them.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, posix } from "node:path";
import { gzipSync } from "node:zlib";
import { init, parse } from "es-module-lexer";
import { BUNDLE_REPORT_FILE, type BundleReport } from "./vite-plugin-bundle-report.ts";

export interface PageScript {
  /** URL path, e.g. /assets/Ab12.js; "(inline)" for inline scripts. */
  url: string;
  bytes: number;
  gzipBytes: number;
  /** How the page reaches it. */
  via: "script" | "modulepreload" | "import" | "inline";
}

export interface PageJavaScript {
  page: string;
  scripts: PageScript[];
  /** Files only (script, modulepreload, import): the figure the budget is about. */
  fileGzipBytes: number;
  /** Inline <script> blocks (React Router's context and hydration data, React's streaming helpers). */
  inlineGzipBytes: number;
}

export const gzipSize = (content: string | Buffer) => gzipSync(content, { level: 9 }).length;

/** build/client/about/index.html for "/about"; build/client/index.html for "/". */
export function pageHtmlFile(clientDir: string, path: string): string {
  return path === "/" ? join(clientDir, "index.html") : join(clientDir, path.replace(/^\//, ""), "index.html");
}

const ATTRIBUTE = (name: string) => new RegExp(`\\s${name}\\s*=\\s*"([^"]*)"`, "i");

function staticImports(code: string): string[] {
  const [imports] = parse(code);
  // d === -1: a static import or export-from; dynamic import() has d >= 0 and import.meta d === -2.
  return imports.filter((entry) => entry.d === -1 && entry.n).map((entry) => entry.n!);
}

/** Measures one page of the production build in `clientDir` (build/client). */
export async function measurePageJavaScript(clientDir: string, path: string): Promise<PageJavaScript> {
  await init;
  const html = readFileSync(pageHtmlFile(clientDir, path), "utf8");
  const scripts: PageScript[] = [];
  const queue: Array<{ url: string; via: PageScript["via"] }> = [];

  for (const tag of html.match(/<script\b[^>]*>[\s\S]*?<\/script>/gi) ?? []) {
    const open = tag.slice(0, tag.indexOf(">") + 1);
    const type = ATTRIBUTE("type").exec(open)?.[1];
    if (type && type !== "module" && type !== "text/javascript") continue; // JSON-LD and other data blocks
    const src = ATTRIBUTE("src").exec(open)?.[1];
    if (src) {
      queue.push({ url: src, via: "script" });
      continue;
    }
    const body = tag.slice(open.length, -"</script>".length);
    if (!body.trim()) continue;
    scripts.push({ url: "(inline)", bytes: Buffer.byteLength(body), gzipBytes: gzipSize(body), via: "inline" });
    if (type !== "module") continue;
    for (const specifier of staticImports(body)) queue.push({ url: specifier, via: "import" });
    // React Router's boot script imports the client entry with import(), unconditionally.
    for (const match of body.matchAll(/"(\/[^"]+\.js)"/g)) queue.push({ url: match[1]!, via: "import" });
  }
  for (const tag of html.match(/<link\b[^>]*>/gi) ?? []) {
    if (!/\srel\s*=\s*"modulepreload"/i.test(tag)) continue;
    const href = ATTRIBUTE("href").exec(tag)?.[1];
    if (href) queue.push({ url: href, via: "modulepreload" });
  }

  const seen = new Set<string>();
  while (queue.length > 0) {
    const { url, via } = queue.shift()!;
    if (!url.startsWith("/") || seen.has(url)) continue; // only same-site files
    seen.add(url);
    const file = join(clientDir, url);
    if (!existsSync(file)) throw new Error(`${path} loads ${url}, which is not in ${clientDir}`);
    const code = readFileSync(file, "utf8");
    scripts.push({ url, bytes: Buffer.byteLength(code), gzipBytes: gzipSize(code), via });
    for (const specifier of staticImports(code)) {
      queue.push({
        url: specifier.startsWith(".") ? posix.join(posix.dirname(url), specifier) : specifier,
        via: "import",
      });
    }
  }

  const sum = (list: PageScript[]) => list.reduce((total, script) => total + script.gzipBytes, 0);
  return {
    page: path,
    scripts,
    fileGzipBytes: sum(scripts.filter((script) => script.via !== "inline")),
    inlineGzipBytes: sum(scripts.filter((script) => script.via === "inline")),
  };
}

/** The chunk -> modules report bundleReport() writes beside build/client; null when the build has none. */
export function readBundleReport(clientDir: string): BundleReport | null {
  const file = join(dirname(clientDir), BUNDLE_REPORT_FILE);
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as BundleReport) : null;
}

/** The source modules behind the files a page loads, from the bundle report. */
export function modulesOf(page: PageJavaScript, report: BundleReport): string[] {
  return page.scripts.flatMap((script) => Object.keys(report[script.url.replace(/^\//, "")] ?? {}));
}

export const kib = (bytes: number) => (bytes / 1024).toFixed(1);
