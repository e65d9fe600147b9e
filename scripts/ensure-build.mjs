// Run by `prestart`: builds the site when there is no build yet, so `npm start` works on a fresh clone.
// An existing build is left alone (run `npm run build` yourself after changing the front end).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const INDEX = fileURLToPath(new URL("../build/client/index.html", import.meta.url));

if (!existsSync(INDEX)) {
  console.log("ensure-build: build/client/index.html is missing; running `npm run build`");
  const result = spawnSync("npm", ["run", "build"], {
    cwd: fileURLToPath(new URL("..", import.meta.url)),
    stdio: "inherit",
    shell: process.platform === "win32",
  });
  process.exit(result.status ?? 1);
}
