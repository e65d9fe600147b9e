import { request as httpRequest } from "node:http";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { serveOverSocket } from "../test-support/socket-server";
import { clientIp } from "./client-ip";

// clientIp over real sockets: a dual-stack server (so IPv4 clients arrive as ::ffff:a.b.c.d, as they do
// when HOST is "::"), asked for the address with 0, 1, 2 or 3 trusted proxies in front.

const app = new Hono().get("/ip/:hops", (c) => c.text(clientIp(c, Number(c.req.param("hops")))));

const server = serveOverSocket(app, "::");

/** GET over a socket from 127.0.0.1 (or `from`); an array sends X-Forwarded-For as separate header lines. */
function ipSeen(hops: number, forwardedFor?: string | string[], from = "127.0.0.1"): Promise<string> {
  return new Promise((resolve, reject) => {
    const headers = forwardedFor === undefined ? {} : { "x-forwarded-for": forwardedFor };
    const req = httpRequest({ host: from, port: server.port(), path: `/ip/${hops}`, headers }, (res) => {
      let text = "";
      res.on("data", (chunk: Buffer) => (text += chunk.toString()));
      res.on("end", () => resolve(text));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("clientIp", () => {
  it("ignores X-Forwarded-For with no trusted proxy, and gives the socket's IPv4 address without the ::ffff: prefix", async () => {
    expect(await ipSeen(0, "198.51.100.7")).toBe("127.0.0.1");
    expect(await ipSeen(0, undefined, "::1")).toBe("::1");
  });

  it("behind one proxy takes the right-most entry, whatever the client wrote to its left", async () => {
    expect(await ipSeen(1, "198.51.100.7")).toBe("198.51.100.7");
    expect(await ipSeen(1, "203.0.113.66, 198.51.100.7")).toBe("198.51.100.7");
    expect(await ipSeen(1, "203.0.113.66, 192.0.2.1, 198.51.100.7")).toBe("198.51.100.7");
    // A second header line is joined by Node, not a way to slip an entry past the count.
    expect(await ipSeen(1, ["203.0.113.66", "198.51.100.7"])).toBe("198.51.100.7");
  });

  it("behind two proxies takes the second entry from the right (the outer proxy's), not the forged ones", async () => {
    expect(await ipSeen(2, "198.51.100.7, 10.0.0.1")).toBe("198.51.100.7");
    expect(await ipSeen(2, "203.0.113.66, 198.51.100.7, 10.0.0.1")).toBe("198.51.100.7");
    expect(await ipSeen(2, "203.0.113.66, 203.0.113.67, 198.51.100.7, 10.0.0.1")).toBe("198.51.100.7");
  });

  it("with fewer entries than proxies takes the left-most, and with none the socket", async () => {
    expect(await ipSeen(2, "198.51.100.7")).toBe("198.51.100.7");
    expect(await ipSeen(1)).toBe("127.0.0.1");
    expect(await ipSeen(1, " , ")).toBe("127.0.0.1");
  });

  it("never answers with an entry that is not an IP: it moves right, to an address our proxies wrote", async () => {
    // Junk the client put on the left is never reached.
    expect(await ipSeen(1, "not-an-ip, , 198.51.100.7")).toBe("198.51.100.7");
    // Our one proxy wrote junk: the socket (that proxy), not the forged entry to its left.
    expect(await ipSeen(1, "203.0.113.66, unknown")).toBe("127.0.0.1");
    // The outer of two proxies wrote junk: the inner one's entry (the outer proxy's address).
    expect(await ipSeen(2, "203.0.113.66, garbage, 10.0.0.1")).toBe("10.0.0.1");
    expect(await ipSeen(3, "<script>, 198.51.100.7, 10.0.0.1")).toBe("198.51.100.7");
  });

  it("writes each address one way: IPv4-mapped IPv6 as IPv4, IPv6 compressed and lower-case, ports dropped", async () => {
    expect(await ipSeen(1, "::ffff:198.51.100.7")).toBe("198.51.100.7");
    expect(await ipSeen(1, "0:0:0:0:0:FFFF:C633:6407")).toBe("198.51.100.7");
    expect(await ipSeen(1, "198.51.100.7:51234")).toBe("198.51.100.7");
    expect(await ipSeen(1, "2001:DB8:0:0:0:0:0:1")).toBe("2001:db8::1");
    expect(await ipSeen(1, "[2001:db8::1]:443")).toBe("2001:db8::1");
    // Leading zeros are read as octal by some parsers and as decimal by others: refused, not guessed.
    expect(await ipSeen(1, "198.051.100.7")).toBe("127.0.0.1");
  });
});
