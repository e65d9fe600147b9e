import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "vite";

const ROOT = fileURLToPath(new URL("../../..", import.meta.url));
const entry = (name: string) => fileURLToPath(new URL(`./entries/${name}.ts`, import.meta.url));

/**
 * Builds the contract pages' scripts (src/backend adapters + the bridge) with Vite for the browser, as
 * the site's own build would. No VITE_* variable is passed in: the adapters get their settings at run time.
 */
export async function buildContractBundles(): Promise<string> {
  const outDir = mkdtempSync(join(tmpdir(), "erf-contract-bundle-"));
  await build({
    configFile: false,
    root: ROOT,
    logLevel: "warn",
    envDir: mkdtempSync(join(tmpdir(), "erf-contract-env-")),
    envPrefix: "ERF_CONTRACT_UNUSED_",
    publicDir: false,
    build: {
      outDir,
      emptyOutDir: true,
      minify: false,
      target: "es2022",
      modulePreload: false,
      rollupOptions: {
        input: { http: entry("http"), firebase: entry("firebase") },
        output: { format: "es", entryFileNames: "[name].js", chunkFileNames: "chunk-[hash].js" },
      },
    },
  });
  return outDir;
}
