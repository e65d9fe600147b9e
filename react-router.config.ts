import type { Config } from "@react-router/dev/config";
import { PUBLIC_PATHS, NOT_FOUND_PRERENDER_PATH } from "./src/config/public-paths";
import { FORM_KINDS, sentPath } from "./src/domain/html-forms";

// Public pages are prerendered to real HTML; /admin/* is served by the SPA fallback.
export default {
  appDirectory: "src",
  // ERF_BUILD_DIR: `npm run build:firebase` builds into build-firebase/ so the http build in build/ stays.
  buildDirectory: process.env.ERF_BUILD_DIR || "build",
  ssr: false,
  // The result pages of forms posted without JavaScript are prerendered too, but left out of the sitemap.
  prerender: [...PUBLIC_PATHS, ...FORM_KINDS.map(sentPath), NOT_FOUND_PRERENDER_PATH],
} satisfies Config;
