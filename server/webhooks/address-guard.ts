import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions, type LookupOneOptions } from "node:dns";
import { isIP } from "node:net";
import ipaddr from "ipaddr.js";
import { WEBHOOK_URL_MAX } from "../../src/domain/webhooks";

// Server-side request forgery: a webhook URL is chosen by an admin, but the server makes the request, from
// inside the network. So only https, and never an address that is not on the public internet: loopback,
// private, link-local (169.254.169.254 is the cloud metadata service), unique-local, carrier-grade NAT,
// multicast, reserved, and IPv4 written inside IPv6. The URL is checked when it is saved, and every
// connection checks again the addresses its name resolves to, because DNS can answer differently later
// (DNS rebinding). WEBHOOKS_ALLOW_PRIVATE=true lifts both rules, for development and the tests.

export interface AddressPolicy {
  allowPrivate: boolean;
}

/**
 * IPv6 ranges that carry an IPv4 address inside them (so a packet to them can end up at that IPv4 address,
 * 127.0.0.1 included) or that only translate to other networks: refused whatever the address inside.
 * ipaddr.js names most of them, but not ::/96 (IPv4-compatible, deprecated by RFC 4291 yet still parsed and
 * routed by some stacks), so each is matched by its prefix here rather than trusted to a range name.
 */
const EMBEDS_IPV4 = [
  "::/96", // IPv4-compatible: ::127.0.0.1, ::7f00:1 (RFC 4291 2.5.5.1)
  "::ffff:0:0/96", // IPv4-mapped: ::ffff:127.0.0.1 (RFC 4291 2.5.5.2)
  "::ffff:0:0:0/96", // IPv4-translated (RFC 6145)
  "64:ff9b::/96", // NAT64 well-known prefix (RFC 6052)
  "64:ff9b:1::/48", // NAT64 local-use prefixes (RFC 8215)
  "2002::/16", // 6to4 (RFC 3056)
  "2001::/32", // Teredo (RFC 4380)
].map((cidr) => ipaddr.IPv6.parseCIDR(cidr));

/** Global unicast: the only IPv6 space handed out on the public internet (RFC 4291 2.4; IANA). */
const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR("2000::/3");

/**
 * Whether a literal IP address (v4 or v6) is on the public internet. An allow-list: an IPv4 address must be
 * in what ipaddr.js calls `unicast` (none of its loopback, private, link-local, carrier-grade NAT, multicast,
 * broadcast, reserved, documentation ... ranges); an IPv6 address must be in global unicast 2000::/3, in
 * none of the ranges that embed IPv4, and `unicast` to ipaddr.js (not documentation, Teredo, ORCHID, AS112 ...).
 * Anything that does not parse is refused.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv4") return parsed.range() === "unicast";
  const v6 = parsed as ipaddr.IPv6;
  if (EMBEDS_IPV4.some((range) => v6.match(range))) return false;
  return v6.match(GLOBAL_UNICAST_V6) && v6.range() === "unicast";
}

/** The URL's host as an address when it is one ("[::1]" → "::1"), else null. */
function literalAddress(hostname: string): string | null {
  const bare = hostname.startsWith("[") && hostname.endsWith("]") ? hostname.slice(1, -1) : hostname;
  return isIP(bare) ? bare : null;
}

/**
 * Why a webhook URL is refused, or null. The WHATWG parser has already turned "http://2130706433/" and
 * "http://0x7f.1/" into 127.0.0.1, so literal addresses are judged as the connection would see them.
 * Names are resolved here too, so an admin hears at once that "internal.example" points inside.
 */
export async function refuseUrl(
  text: string,
  policy: AddressPolicy,
  resolve: (host: string) => Promise<string[]> = resolveAll,
): Promise<string | null> {
  if (text.length > WEBHOOK_URL_MAX) return `At most ${WEBHOOK_URL_MAX} characters`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return "Use a full URL, such as https://hooks.example.com/erf";
  }
  if (url.username || url.password) return "Leave the user name and password out of the URL";
  if (url.protocol !== "https:" && !(policy.allowPrivate && url.protocol === "http:")) return "Use an https:// URL";
  if (policy.allowPrivate) return null;
  const literal = literalAddress(url.hostname);
  if (literal) return isPublicAddress(literal) ? null : "That address is not on the public internet";
  let addresses: string[];
  try {
    addresses = await resolve(url.hostname);
  } catch {
    return "That host name does not resolve";
  }
  if (addresses.length === 0) return "That host name does not resolve";
  return addresses.every(isPublicAddress)
    ? null
    : "That host name points to an address that is not on the public internet";
}

const resolveAll = (host: string) =>
  new Promise<string[]>((resolve, reject) =>
    dnsLookup(host, { all: true, verbatim: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses.map((entry) => entry.address)),
    ),
  );

export class BlockedAddressError extends Error {
  readonly code = "EBLOCKEDADDRESS";
  constructor(host: string, address: string) {
    super(`${host} resolved to ${address}, which is not on the public internet`);
  }
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for http.request that refuses what `isPublicAddress` refuses: called for every connection the
 * request opens, after the name is resolved and before the socket connects, so a record that changed
 * since the URL was saved is caught. Literal addresses never reach a lookup: check them with `refuseUrl`.
 */
export function guardedLookup(policy: AddressPolicy, resolve: typeof dnsLookup = dnsLookup) {
  return (hostname: string, options: LookupOneOptions | LookupAllOptions, callback: LookupCallback) => {
    resolve(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, "");
      const blocked = policy.allowPrivate ? undefined : addresses.find((entry) => !isPublicAddress(entry.address));
      if (blocked) return callback(new BlockedAddressError(hostname, blocked.address), "");
      if ((options as LookupAllOptions).all) return callback(null, addresses);
      const [first] = addresses;
      if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: "ENOTFOUND" }), "");
      callback(null, first.address, first.family);
    });
  };
}
