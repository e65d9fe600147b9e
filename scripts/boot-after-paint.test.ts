import { describe, expect, it } from "vitest";
import { bootAfterPaint, HYDRATED_EVENT } from "./boot-after-paint.mjs";

// The shape React Router 7 prerenders (trimmed): module preloads in <head>, one boot script in <body>.
const page = (
  bootScript: string,
  preloads = [
    "/assets/manifest-1.js",
    "/assets/entry.js",
    "/assets/framework.js",
    "/assets/root.js",
    "/assets/home.js",
  ],
) =>
  `<!DOCTYPE html><html><head><title>Erf</title>${preloads.map((href) => `<link rel="modulepreload" href="${href}"/>`).join("")}` +
  `<link rel="stylesheet" href="/assets/site.css#"/></head><body><main><h1>Erf</h1></main>${bootScript}</body></html>`;

const REACT_ROUTER_BOOT = `<script type="module" async="">import "/assets/manifest-1.js";
import * as route0 from "/assets/root.js";
import * as route1 from "/assets/home.js";
  
  window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};

import("/assets/entry.js");</script>`;

const SIZES: Record<string, number> = {
  "/assets/framework.js": 300_000,
  "/assets/home.js": 6_000,
  "/assets/root.js": 2_000,
  "/assets/manifest-1.js": 9_000,
};

function moduleScript(html: string): string {
  const scripts = html.match(/<script type="module">[\s\S]*?<\/script>/g) ?? [];
  expect(scripts).toHaveLength(1);
  return scripts[0]!;
}

describe("bootAfterPaint", () => {
  const html = bootAfterPaint(page(REACT_ROUTER_BOOT), "/", (url) => SIZES[url] ?? 100);
  const script = moduleScript(html);

  it("takes the module preloads out of <head> and React Router's boot script out of <body>", () => {
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).not.toContain('async=""');
    expect(html).toContain('<link rel="stylesheet" href="/assets/site.css#"/>');
    expect(html).toContain("<main><h1>Erf</h1></main>");
  });

  it("asks for every module once the first contentful paint is reported, largest first, the client entry last", () => {
    expect(script).toContain('getEntriesByName("first-contentful-paint")');
    const queue = JSON.parse(/const q=(\[[^\]]*\])/.exec(script)![1]!) as string[];
    expect(queue).toEqual([
      "/assets/framework.js",
      "/assets/manifest-1.js",
      "/assets/home.js",
      "/assets/root.js",
      "/assets/entry.js",
    ]);
    // The entry is preloaded, not imported: importing it would hydrate before the route modules are in place.
    expect(script).toContain('if(m==="/assets/entry.js"){const l=d.createElement("link");l.rel="modulepreload"');
  });

  it("runs React Router's boot code with the imported route modules, then imports the entry", () => {
    expect(script).toContain(
      'Promise.all([p["/assets/manifest-1.js"],p["/assets/root.js"],p["/assets/home.js"]]).then(([,route0,route1])=>{',
    );
    const body = script.slice(script.indexOf(".then("));
    expect(body.indexOf("window.__reactRouterRouteModules")).toBeLessThan(body.indexOf('import("/assets/entry.js")'));
  });

  it("holds forms submitted before hydration and sends them again once the root announces hydration", () => {
    expect(script).toContain('d.addEventListener("submit",hold,true)');
    expect(script).toContain(`d.addEventListener("${HYDRATED_EVENT}"`);
    expect(script).toContain("requestSubmit");
  });

  it("refuses markup it does not know instead of shipping a page that never hydrates", () => {
    expect(() => bootAfterPaint(page(REACT_ROUTER_BOOT, []), "/none")).toThrow(/module preloads/);
    expect(() => bootAfterPaint(page(REACT_ROUTER_BOOT + REACT_ROUTER_BOOT), "/two")).toThrow(/one boot script/);
    expect(() =>
      bootAfterPaint(page(REACT_ROUTER_BOOT.replace('import("/assets/entry.js");', "")), "/no-entry"),
    ).toThrow(/shape/);
    expect(() =>
      bootAfterPaint(
        page(REACT_ROUTER_BOOT, ["/assets/manifest-1.js", "/assets/root.js", "/assets/home.js"]),
        "/unpreloaded",
      ),
    ).toThrow(/without preloading/);
  });
});
