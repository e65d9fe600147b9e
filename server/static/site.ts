import { existsSync } from "node:fs";
import { readdir } from "node:fs/promises";
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
  /** The URL path of the API reference page's script (scripts/copy-api-reference.mjs), or null when the build has none. */
  apiReferenceScript: string | null;
}

export class MissingBuildError extends Error {
  override name = "MissingBuildError";
}

export async function loadSite(root: string): Promise<Site> {
  if (!existsSync(join(root, "index.html"))) {
    throw new MissingBuildError(
      `No built site at ${root}: run \`npm run build\` first (npm start does it when missing).`,
    );
  }
  return {
    root,
    scriptHashes: await collectScriptHashes(root),
    apiReferenceScript: await findApiReferenceScript(root),
  };
}

// Where scripts/copy-api-reference.mjs puts the API reference page's script, and its hashed name. Not
// imported from there: a script's run-as-main block must not end up in the server bundle
// (server/openapi/openapi.test.ts builds a site with that script and finds the file by these).
const API_REFERENCE_DIR = "api-reference";
const API_REFERENCE_FILE = /^scalar\.[0-9a-f]{12}\.js$/;

async function findApiReferenceScript(root: string): Promise<string | null> {
  const names = await readdir(join(root, API_REFERENCE_DIR)).catch(() => [] as string[]);
  const name = names.find((entry) => API_REFERENCE_FILE.test(entry));
  return name ? `/${API_REFERENCE_DIR}/${name}` : null;
}
