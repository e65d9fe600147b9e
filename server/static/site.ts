import { existsSync } from "node:fs";
import { join } from "node:path";
import { collectScriptHashes } from "../security/csp-hashes";

/**
 * The built site the server serves, and what the CSP must allow for its inline scripts. The hashes are
 * read once at start-up, so a rebuild needs a restart (as any deploy does) before its pages run.
 */
export interface Site {
  /** Absolute path of build/client. */
  root: string;
  scriptHashes: readonly string[];
}

export class MissingBuildError extends Error {
  override name = "MissingBuildError";
}

export async function loadSite(root: string): Promise<Site> {
  if (!existsSync(join(root, "index.html"))) {
    throw new MissingBuildError(`No built site at ${root}: run \`npm run build\` first (npm start does it when missing).`);
  }
  return { root, scriptHashes: await collectScriptHashes(root) };
}
