// A production build of another commit, beside this checkout, for a bench to alternate with the working
// tree in one run: a detached git worktree in a scratch folder, its node_modules linked file by file from
// this checkout's when both lock files are the same (else installed), built with its own build script.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ROOT } from "./server";

export interface BaselineBuild {
  /** The commit as given, and its short hash. */
  name: string;
  dir: string;
  remove(): void;
}

function run(command: string, args: string[], cwd: string): void {
  const result = spawnSync(command, args, { cwd, stdio: ["ignore", "inherit", "inherit"] });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed in ${cwd} (exit ${result.status})`);
}

export function buildBaseline(rev: string): BaselineBuild {
  const hash = execFileSync("git", ["rev-parse", "--short", `${rev}^{commit}`], { cwd: ROOT, encoding: "utf8" }).trim();
  const dir = join(mkdtempSync(join(tmpdir(), "erf-baseline-")), hash);
  const remove = () => {
    spawnSync("git", ["worktree", "remove", "--force", dir], { cwd: ROOT });
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    run("git", ["worktree", "add", "--detach", "--quiet", dir, hash], ROOT);
    const sameLock =
      readFileSync(join(dir, "package-lock.json"), "utf8") === readFileSync(join(ROOT, "package-lock.json"), "utf8");
    if (sameLock) run("cp", ["-al", join(ROOT, "node_modules"), join(dir, "node_modules")], ROOT);
    else run("npm", ["install", "--no-audit", "--no-fund", "--silent"], dir);
    console.log(`bench: building the baseline ${rev} (${hash}) in ${dir}`);
    run("npm", ["run", "build", "--silent"], dir);
    if (!existsSync(join(dir, "build", "server.mjs")))
      throw new Error(`the baseline ${hash} built no build/server.mjs`);
  } catch (error) {
    remove();
    throw error;
  }
  return { name: `${rev} (${hash})`, dir, remove };
}
