import { isIPv4, isIPv6 } from "node:net";

// Whom the per-client form limit counts together. An IPv4 address is one client. An IPv6 client is
// usually given a whole /64 (RFC 6177; SLAAC and privacy addresses pick any of its 2^64 addresses), so
// per address it could send from a fresh one each time: it is counted by its /64. An IPv4 address
// written as IPv6 (::ffff:198.51.100.7, as a dual-stack socket reports IPv4 peers) is the IPv4 client.

const MAPPED_IPV4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/** The 16-bit groups of one side of "::", a trailing dotted IPv4 counting as the two it stands for. */
const groupsOf = (part: string): string[] =>
  part === "" ? [] : part.split(":").flatMap((group) => (group.includes(".") ? ["0", "0"] : [group]));

/** `198.51.100.7`, or `2001:db8:1:2::/64` for any address in that /64; anything else unchanged. */
export function clientBucket(ip: string): string {
  if (!ip.includes(":")) return ip;
  // A zone (fe80::1%eth0) names the local interface, not the client.
  const address = ip.split("%")[0]!;
  if (!isIPv6(address)) return ip;
  const mapped = MAPPED_IPV4.exec(address)?.[1];
  if (mapped !== undefined && isIPv4(mapped)) return mapped;
  const gap = address.indexOf("::");
  const head = groupsOf(gap === -1 ? address : address.slice(0, gap));
  const tail = gap === -1 ? [] : groupsOf(address.slice(gap + 2));
  const groups = gap === -1 ? head : [...head, ...Array<string>(8 - head.length - tail.length).fill("0"), ...tail];
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(":")}::/64`;
}
