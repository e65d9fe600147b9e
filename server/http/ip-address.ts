import { isIP } from "node:net";

const MAPPED_IPV4 = /^\[::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})\]$/;

/** "[::ffff:102:304]" (the URL parser's spelling of ::ffff:1.2.3.4) back to "1.2.3.4". */
function unmapIpv4(bracketed: string): string | null {
  const match = MAPPED_IPV4.exec(bracketed);
  if (!match) return null;
  const high = Number.parseInt(match[1]!, 16);
  const low = Number.parseInt(match[2]!, 16);
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join(".");
}

/**
 * One spelling per address, so a rate-limit window or a stored IP cannot be dodged or split by writing
 * the same address differently: IPv4-mapped IPv6 (a dual-stack socket's "::ffff:1.2.3.4") becomes the
 * IPv4 address, IPv6 is lower-cased and compressed, and a port some proxies append ("1.2.3.4:5678",
 * "[2001:db8::1]:443") is dropped. Anything that is not an IP address (a host name, "unknown", junk) is null.
 */
export function normalizeIp(value: string): string | null {
  const text = value.trim();
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(text);
  const withoutPort = bracketed ? bracketed[1]! : (/^(\d{1,3}(?:\.\d{1,3}){3}):\d{1,5}$/.exec(text)?.[1] ?? text);
  const version = isIP(withoutPort);
  if (version === 4) return withoutPort;
  if (version !== 6) return null;
  // A zone ("fe80::1%eth0") only occurs on link-local sockets and the URL parser refuses it: keep it as is.
  if (withoutPort.includes("%")) return withoutPort.toLowerCase();
  const canonical = new URL(`http://[${withoutPort}]`).hostname;
  return unmapIpv4(canonical) ?? canonical.slice(1, -1);
}
