import type { Config } from "@react-router/dev/config";
import { PUBLIC_PATHS, NOT_FOUND_PRERENDER_PATH } from "./src/config/public-paths";

// Public pages are prerendered to real HTML; /admin/* is served by the SPA fallback.
export default {
  appDirectory: "src",
  // ERF_BUILD_DIR: `npm run build:firebase` builds into build-firebase/ so the http build in build/ stays.
  buildDirectory: process.env.ERF_BUILD_DIR || "build",
  ssr: false,
  prerender: [...PUBLIC_PATHS, NOT_FOUND_PRERENDER_PATH],
} satisfies Config;
