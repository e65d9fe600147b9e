import type { Config } from "@react-router/dev/config";

// The floor of bench:bundle: an empty React Router 7 framework-mode app, prerendered like Erf's pages,
// with React Router's defaults for everything else. Built into bench/empty/build (not committed).
export default {
  buildDirectory: "build",
  ssr: false,
  prerender: ["/"],
} satisfies Config;
