const NAME = /^(?:[a-z0-9_-]+(?:\.[a-z0-9_-]+)*|\[[0-9a-f:.]+\])$/;

/**
 * A Host-style value ("erf.co.za", "ERF.co.za:8443", "[::1]:3000") split into its name (lower-cased,
 * IDN in punycode, no trailing dot) and port ("" when none or the default). Null for anything that is
 * not exactly host[:port] (user-info, a path, a query, percent-escapes, spaces), so
 * "evil.test@erf.co.za" is not read as erf.co.za.
 */
export function parseHost(value: string): { name: string; port: string } | null {
  if (value === "" || /[\s@/\\?#%]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(`http://${value}`);
  } catch {
    return null;
  }
  // "erf.co.za." is the same DNS name written fully qualified.
  const name = url.hostname.endsWith(".") ? url.hostname.slice(0, -1) : url.hostname;
  // The URL parser lets through names no DNS holds ("*", "a!b"); "_" stays, as container names use it.
  return NAME.test(name) ? { name, port: url.port } : null;
}

export const hostNameOf = (value: string): string | null => parseHost(value)?.name ?? null;
