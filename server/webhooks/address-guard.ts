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

/** ipaddr.js's names for the ranges a webhook may reach: only the public internet. */
const PUBLIC_RANGES = new Set(["unicast"]);

/** Whether a literal IP address (v4 or v6) is on the public internet. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  // ::ffff:127.0.0.1 and friends: judge the IPv4 address inside.
  if (parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return PUBLIC_RANGES.has(parsed.range());
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
export async function refuseUrl(text: string, policy: AddressPolicy, resolve: (host: string) => Promise<string[]> = resolveAll): Promise<string | null> {
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
  return addresses.every(isPublicAddress) ? null : "That host name points to an address that is not on the public internet";
}

const resolveAll = (host: string) =>
  new Promise<string[]>((resolve, reject) => dnsLookup(host, { all: true, verbatim: true }, (error, addresses) => (error ? reject(error) : resolve(addresses.map((entry) => entry.address)))));

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
export function guardedLookup(policy: AddressPolicy) {
  return (hostname: string, options: LookupOneOptions | LookupAllOptions, callback: LookupCallback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
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
