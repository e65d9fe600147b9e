import { stat } from "node:fs/promises";
import { join, sep } from "node:path";

// Maps a URL path onto a file under the build directory, refusing anything that could step outside it.

export interface FoundFile {
  path: string;
  size: number;
  mtimeMs: number;
}

/** The candidate files for a URL path: the file itself, or the prerendered page in its folder. */
export function candidatePaths(root: string, urlPath: string): string[] {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return [];
  }
  const segments = decoded.split("/").filter(Boolean);
  // No "..", no dotfiles, no NUL or backslash tricks: nothing but plain names under the root.
  if (segments.some((segment) => segment.startsWith(".") || segment.includes("\0") || segment.includes("\\")))
    return [];
  const base = join(root, ...segments);
  if (base !== root && !base.startsWith(root + sep)) return [];
  return decoded.endsWith("/") || segments.length === 0 ? [join(base, "index.html")] : [base, join(base, "index.html")];
}

export async function findFile(path: string): Promise<FoundFile | null> {
  try {
    const stats = await stat(path);
    return stats.isFile() ? { path, size: stats.size, mtimeMs: stats.mtimeMs } : null;
  } catch {
    return null;
  }
}

export async function findFirstFile(paths: readonly string[]): Promise<FoundFile | null> {
  for (const path of paths) {
    const file = await findFile(path);
    if (file) return file;
  }
  return null;
}
