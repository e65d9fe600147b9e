// `vite build --config bench/naive/vite.config.ts`: the yardstick for bench/lighthouse.ts, built into the
// folder given by NAIVE_OUT_DIR (a temp dir). Plain Vite with React's JSX, no React Router framework mode,
// no prerendering, default chunking.
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  publicDir: fileURLToPath(new URL("../../public", import.meta.url)),
  plugins: [tailwindcss()],
  // A client-only app renders every section in the browser, static islands included (static-island.tsx
  // gets their bodies only when this is true).
  define: { "import.meta.env.SSR": "true" },
  oxc: { jsx: { runtime: "automatic" } },
  build: { outDir: process.env.NAIVE_OUT_DIR ?? "dist", emptyOutDir: true, reportCompressedSize: false },
  logLevel: "error",
});
