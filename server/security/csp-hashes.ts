import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";

// A <script> element and its raw text. Script contents are raw text in HTML (no entities, no nested
// tags), so the bytes between the tags are exactly what the browser hashes.
const SCRIPT_ELEMENT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const HAS_SRC = /(?:^|\s)src\s*=/i;
const TYPE_ATTRIBUTE = /(?:^|\s)type\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i;
// Data blocks are never executed, so they need no hash (JSON-LD for search engines, JSON payloads).
const DATA_TYPES = new Set(["application/ld+json", "application/json"]);

export const cspHash = (source: string) => `'sha256-${createHash("sha256").update(source, "utf8").digest("base64")}'`;

/** CSP hash sources for each inline, executable script in one HTML document. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes = "", content = ""] of html.matchAll(SCRIPT_ELEMENT)) {
    if (HAS_SRC.test(attributes)) continue;
    const typeMatch = TYPE_ATTRIBUTE.exec(attributes);
    const type = (typeMatch?.[1] ?? typeMatch?.[2] ?? typeMatch?.[3] ?? "").trim().toLowerCase();
    if (DATA_TYPES.has(type)) continue;
    hashes.push(cspHash(content));
  }
  return hashes;
}

/** The union of inline-script hashes over every *.html file under dir, sorted for a stable header. */
export async function collectScriptHashes(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const hashes = new Set<string>();
  for (const entry of entries) {
    if (!entry.isFile() || !entry.name.endsWith(".html")) continue;
    // parentPath is Node 20.12+; path is its older name.
    const parent = (entry as { parentPath?: string }).parentPath ?? entry.path;
    for (const hash of inlineScriptHashes(await readFile(join(parent, entry.name), "utf8"))) hashes.add(hash);
  }
  return [...hashes].sort();
}
