import { describe, expect, it } from "vitest";
import { clientBucket } from "./client-bucket";

describe("clientBucket", () => {
  it("keeps an IPv4 address as it is", () => {
    expect(clientBucket("198.51.100.7")).toBe("198.51.100.7");
  });

  it.each([["::ffff:198.51.100.7"], ["::FFFF:198.51.100.7"]])("reads the IPv4-mapped %s as its IPv4 address", (ip) => {
    expect(clientBucket(ip)).toBe("198.51.100.7");
  });

  it.each([
    ["2001:db8:1:2::1"],
    ["2001:0DB8:0001:0002:ffff:ffff:ffff:ffff"],
    ["2001:db8:1:2:0:0:0:0"],
    ["2001:db8:1:2::192.0.2.1"],
    ["2001:db8:1:2::1%eth0"],
  ])("puts %s in the /64 2001:db8:1:2::/64", (ip) => {
    expect(clientBucket(ip)).toBe("2001:db8:1:2::/64");
  });

  it("tells neighbouring /64s apart, and prefixes that only start alike", () => {
    expect(
      new Set(["2001:db8:1:2::1", "2001:db8:1:3::1", "2001:db8:1::2:1", "2001:db8::1:2"].map(clientBucket)).size,
    ).toBe(4);
  });

  it("leaves anything that is not an address unchanged", () => {
    expect(clientBucket("unknown")).toBe("unknown");
    expect(clientBucket("not:an:address")).toBe("not:an:address");
  });
});
