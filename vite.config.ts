import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import { bundleReport } from "./scripts/vite-plugin-bundle-report.ts";
import { leanLucide } from "./scripts/vite-plugin-lean-lucide.ts";

interface ModuleGraph {
  getModuleInfo(id: string): { importers: string[] } | null;
}

// React, ReactDOM, the scheduler and React Router load on every page together; one chunk compresses better
// than the two Rolldown cuts them into by default (entry.client and a shared "jsx-runtime" chunk).
const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/;
// The route modules every public page loads: the root and the layout around the marketing pages.
const SHELL_ROUTES = /[\\/]src[\\/](root|routes[\\/]site-layout)\.tsx$/;
// Used by (nearly) every marketing page besides the shell: the meta tags, the button and container pieces,
// the closing call to action. Cheaper in the "site" chunk than as four files of a few hundred bytes.
const SITE_WIDE =
  /[\\/]src[\\/](features[\\/]site[\\/](seo\.ts|cta-band\.tsx)|components[\\/]ui[\\/](button|container)\.tsx)$/;
// A static island's body (src/features/site/static-island.tsx), imported for prerendering only.
const ISLAND_BODY = /\.island\.tsx$/;
// Folders that only declare components and data. Rolldown keeps the import of any module it cannot prove
// pure, so without this an island body, unused in the browser build, would still drag its imports in.
const PURE_MODULES = /[\\/]src[\\/](features[\\/]site|components[\\/]ui|content)[\\/].*\.tsx?$/;

/**
 * Whether a module is imported, directly or not, by the root or the site layout. Those modules load on every
 * public page anyway, so one "site" chunk holds them instead of a dozen small chunks that each cost a request,
 * a gzip stream and a line in the route manifest. Island bodies are not part of it.
 */
function inShell(id: string, graph: ModuleGraph, seen = new Map<string, boolean>()): boolean {
  const known = seen.get(id);
  if (known !== undefined) return known;
  seen.set(id, false); // import cycles
  const info = graph.getModuleInfo(id);
  if (!info || ISLAND_BODY.test(id)) return false;
  const result = info.importers.some((importer) => SHELL_ROUTES.test(importer) || inShell(importer, graph, seen));
  seen.set(id, result);
  return result;
}

function chunkName(id: string, graph: ModuleGraph): string | null {
  if (FRAMEWORK.test(id)) return "framework";
  if (SITE_WIDE.test(id) || (!SHELL_ROUTES.test(id) && inShell(id, graph))) return "site";
  return null;
}

const reactRouterProduction = (file: string) =>
  fileURLToPath(new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url));

export default defineConfig(({ command, isSsrBuild }) => {
  const browserBuild = command === "build" && !isSsrBuild;
  return {
    plugins: [tailwindcss(), reactRouter(), leanLucide(), browserBuild && bundleReport()],
    server: { port: 5173 },
    resolve: browserBuild
      ? {
          // React Router's package exports point at its development build; the production build it ships
          // too differs only by leaving out the development warnings. Dev and prerendering keep the default.
          alias: [
            { find: /^react-router$/, replacement: reactRouterProduction("index.mjs") },
            { find: /^react-router\/dom$/, replacement: reactRouterProduction("dom-export.mjs") },
          ],
        }
      : {},
    build: {
      // ERF_SOURCEMAP=1 for bench/bundle-report.ts (what each chunk is made of); never in a release build.
      sourcemap: !!process.env.ERF_SOURCEMAP,
      rolldownOptions: browserBuild
        ? {
            treeshake: { moduleSideEffects: [{ test: PURE_MODULES, sideEffects: false }] },
            output: {
              codeSplitting: { groups: [{ name: chunkName }] },
              // Explicit compile hint (Chromium 136+): React and React Router run nearly in full at hydration,
              // so compile all their functions with the file rather than one by one on first call, in the middle
              // of hydration's tasks (traced at page load: the longest task after the first paint went from
              // about 30 to about 25 ms, unthrottled; the compile itself became one task of 12 to 25 ms).
              postBanner: (chunk) => (chunk.name === "framework" ? "//# allFunctionsCalledOnLoad" : ""),
              chunkFileNames: "assets/[hash].js",
              entryFileNames: "assets/[hash].js",
            },
          }
        : {},
    },
  };
});
