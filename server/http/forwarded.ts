/**
 * Reading X-Forwarded-For, -Host and -Proto behind TRUST_PROXY=<hops>.
 *
 * Each proxy in front of us appends one entry: what it saw of the hop before it. Everything left of
 * the entries our own proxies wrote came from the client, which can put anything there. So with `hops`
 * trusted proxies the client's entry is the hops-th from the right (Express's `trust proxy = n`); the
 * left-most is only ever the client's own claim. Node joins repeated header lines with ", ", so a second
 * header line cannot hide entries either.
 */
export function forwardedEntries(header: string | undefined): string[] {
  // Empty entries ("a,,b", a trailing comma) are punctuation, not a hop: no proxy writes an empty one.
  return (header ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
}

/**
 * Where the entry written by the proxy the client connected to sits: `hops` from the right. With fewer
 * entries than hops (a request that entered through an inner proxy, or a proxy that does not append)
 * the left-most is the best there is, as Express does; -1 when there is no entry at all.
 */
export function clientEntryIndex(entries: readonly string[], hops: number): number {
  if (entries.length === 0 || hops < 1) return -1;
  return Math.max(0, entries.length - hops);
}

/** The entry the outermost trusted proxy wrote in a comma-list header, or undefined (no proxy, no header). */
export function trustedForwardedValue(header: string | undefined, hops: number): string | undefined {
  const entries = forwardedEntries(header);
  return entries[clientEntryIndex(entries, hops)];
}
