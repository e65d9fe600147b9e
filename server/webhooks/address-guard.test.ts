import type { LookupAddress } from "node:dns";
import { describe, expect, it } from "vitest";
import { guardedLookup, isPublicAddress, refuseUrl } from "./address-guard";

// The webhook address guard's table (issue 39, item 4): which literal addresses a webhook may reach. Only the
// public internet; every IPv6 range that carries an IPv4 address inside it is refused whatever the address
// inside, because a stack that routes it may land on 127.0.0.1 or the metadata service.

const refused = [
  // IPv4 outside the public internet
  "0.0.0.0",
  "0.1.2.3",
  "127.0.0.1",
  "127.255.255.254",
  "10.0.0.8",
  "172.16.0.1",
  "172.31.255.255",
  "192.168.1.1",
  "169.254.169.254",
  "100.64.0.1",
  "224.0.0.1",
  "239.255.255.250",
  "255.255.255.255",
  "240.0.0.1",
  "192.0.0.8",
  "192.0.2.1",
  "198.51.100.7",
  "203.0.113.9",
  "198.18.0.1",
  // IPv6 outside the public internet
  "::",
  "::1",
  "fe80::1",
  "fc00::1",
  "fd12:3456::1",
  "ff02::1",
  "fec0::1",
  "100::1",
  "2001:db8::1",
  "3fff::1",
  "2001:2::1",
  "2001:10::1",
  "2001:20::1",
  "5f00::1",
  "4000::1",
  "e000::1",
  // IPv4-compatible ::/96, in every spelling
  "::127.0.0.1",
  "::7f00:1",
  "0::127.0.0.1",
  "0:0:0:0:0:0:127.0.0.1",
  "0:0:0:0:0:0:7f00:1",
  "::a9fe:a9fe",
  "::8.8.8.8",
  "::808:808",
  "::2",
  // IPv4-mapped and -translated, whatever is inside
  "::ffff:127.0.0.1",
  "::ffff:7f00:1",
  "::ffff:8.8.8.8",
  "::ffff:0:8.8.8.8",
  // NAT64, 6to4, Teredo
  "64:ff9b::7f00:1",
  "64:ff9b::8.8.8.8",
  "64:ff9b:1::1",
  "2002:7f00:1::",
  "2002:808:808::1",
  "2001::1",
  "2001:0:4136:e378:8000:63bf:3fff:fdd2",
  // not an address at all
  "",
  "localhost",
  "1.2.3.4.5",
  "::g",
  "[::1]",
];
const allowed = [
  "8.8.8.8",
  "93.184.216.34",
  "1.1.1.1",
  "2606:4700:4700::1111",
  "2a00:1450:4001:82b::200e",
  "2001:4860:4860::8888",
];

describe("the webhook address guard", () => {
  it.each(refused)("refuses %s", (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(allowed)("allows %s", (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it("refuses a URL whose host is an IPv4-compatible IPv6 literal, however it is written", async () => {
    const noDns = async () => {
      throw new Error("a literal address is never resolved");
    };
    for (const url of [
      "https://[::127.0.0.1]/h",
      "https://[::7f00:1]/h",
      "https://[0::127.0.0.1]/h",
      "https://[0:0:0:0:0:0:127.0.0.1]/h",
      "https://[64:ff9b::127.0.0.1]/h",
      "https://[2002:7f00:1::]/h",
    ]) {
      expect(await refuseUrl(url, { allowPrivate: false }, noDns), url).toBe(
        "That address is not on the public internet",
      );
    }
    expect(await refuseUrl("https://[2606:4700:4700::1111]/h", { allowPrivate: false }, noDns)).toBeNull();
  });

  it("refuses a name that resolves to an IPv4-compatible address, at saving and at each connection", async () => {
    expect(
      await refuseUrl("https://hooks.example/h", { allowPrivate: false }, async () => [
        "2606:4700:4700::1111",
        "::7f00:1",
      ]),
    ).toMatch(/not on the public internet/);
    // The connection's lookup, with DNS answering as a rebinding attacker would.
    const answers: LookupAddress[] = [{ address: "::7f00:1", family: 6 }];
    const fakeDns = ((_host: string, _options: unknown, callback: (error: null, addresses: LookupAddress[]) => void) =>
      callback(null, answers)) as never;
    const lookup = guardedLookup({ allowPrivate: false }, fakeDns);
    const outcome = await new Promise<{ error: NodeJS.ErrnoException | null; address: unknown }>((resolve) =>
      lookup("hooks.example", {}, (error, address) => resolve({ error, address })),
    );
    expect(outcome.error).toMatchObject({
      code: "EBLOCKEDADDRESS",
      message: "hooks.example resolved to ::7f00:1, which is not on the public internet",
    });
    answers[0] = { address: "2606:4700:4700::1111", family: 6 };
    const allowedOutcome = await new Promise<{ error: NodeJS.ErrnoException | null; address: unknown }>((resolve) =>
      lookup("hooks.example", {}, (error, address) => resolve({ error, address })),
    );
    expect(allowedOutcome).toEqual({ error: null, address: "2606:4700:4700::1111" });
  });
});
