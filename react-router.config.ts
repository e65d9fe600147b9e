import type { Config } from "@react-router/dev/config";
import { PUBLIC_PATHS, NOT_FOUND_PRERENDER_PATH } from "./src/config/public-paths";

// Public pages are prerendered to real HTML; /admin/* is served by the SPA fallback.
export default {
  appDirectory: "src",
  buildDirectory: "build",
  ssr: false,
  prerender: [...PUBLIC_PATHS, NOT_FOUND_PRERENDER_PATH],
} satisfies Config;
