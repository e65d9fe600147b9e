// npm run build: the sitemap, the site (React Router prerenders every public page), the API reference
// page's script (scripts/copy-api-reference.mjs), the precompressed twins of its assets, then the server bundle that `npm start` runs (scripts/bundle-server.mjs).
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

// Always a production build: one started from a test runner inherits NODE_ENV=test, and Vite would then
// bundle React's development build (about 60 KB gzip more on every page, and much slower).
process.env.NODE_ENV = "production";

const root = fileURLToPath(new URL("..", import.meta.url));
const steps = [
  ["tsx", "scripts/generate-sitemap.ts"],
  ["react-router", "build"],
  ["node", "scripts/copy-api-reference.mjs"],
  ["node", "scripts/postbuild.mjs"],
  ["node", "scripts/bundle-server.mjs"],
];

for (const [command, ...args] of steps) {
  // npm puts node_modules/.bin on PATH for scripts; the shell finds tsx and react-router there (and .cmd on Windows).
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", shell: true });
  if (result.status !== 0) {
    console.error(`build: \`${command} ${args.join(" ")}\` failed`);
    process.exit(result.status ?? 1);
  }
}
