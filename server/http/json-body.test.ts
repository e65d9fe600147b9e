import { request as httpRequest } from "node:http";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { LIMITS } from "../../src/domain/limits";
import { serveOverSocket } from "../test-support/socket-server";
import { limitBody, readJsonBody } from "./json-body";

// readJsonBody reads a body of declared length straight from Node's request and anything else through
// the web Request. Both paths must give the same answers: served over real HTTP (the Node path) and
// through app.request() in-process (the web path), side by side.

const app = new Hono().post("/", limitBody, async (c) => {
  const body = await readJsonBody(c);
  return body.ok ? c.json({ value: body.value }) : body.response;
});

const server = serveOverSocket(app, "127.0.0.1");

/** POSTs over a socket; `chunked` sends without Content-Length. */
function overHttp(body: Buffer, { chunked = false } = {}): Promise<{ status: number; json: unknown }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { "content-type": "application/json" };
    if (!chunked) headers["content-length"] = body.length;
    const req = httpRequest({ host: "127.0.0.1", port: server.port(), method: "POST", path: "/", headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, json: JSON.parse(Buffer.concat(chunks).toString("utf8")) }),
      );
    });
    req.on("error", reject);
    req.end(body);
  });
}

async function inProcess(body: Buffer): Promise<{ status: number; json: unknown }> {
  const response = await app.request("/", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: new Uint8Array(body),
  });
  return { status: response.status, json: await response.json() };
}

const bodies: Record<string, Buffer> = {
  "plain JSON": Buffer.from(JSON.stringify({ email: "thandi@example.co.za", note: "Kaapstad ☀️" })),
  "a leading byte-order mark": Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"a":1}')]),
  "invalid UTF-8 inside a string": Buffer.concat([
    Buffer.from('{"name":"A'),
    Buffer.from([0xc3, 0x28, 0xff]),
    Buffer.from('"}'),
  ]),
  "an escaped NUL": Buffer.from('{"name":"a\\u0000b"}'),
  "malformed JSON": Buffer.from('{"name":'),
  "an empty body": Buffer.alloc(0),
};

describe("readJsonBody", () => {
  for (const [name, body] of Object.entries(bodies)) {
    it(`reads ${name} the same over HTTP (declared and chunked) as in-process`, async () => {
      const expected = await inProcess(body);
      expect(await overHttp(body)).toEqual(expected);
      expect(await overHttp(body, { chunked: true })).toEqual(expected);
    });
  }

  it("decodes bad bytes to U+FFFD, drops the byte-order mark and makes NUL storable", async () => {
    expect((await overHttp(bodies["invalid UTF-8 inside a string"]!)).json).toEqual({
      value: { name: "A\ufffd(\ufffd" },
    });
    expect((await overHttp(bodies["a leading byte-order mark"]!)).json).toEqual({ value: { a: 1 } });
    expect((await overHttp(bodies["an escaped NUL"]!)).json).toEqual({ value: { name: "a\ufffdb" } });
  });

  it("answers 413 for a body over the limit, declared or chunked", async () => {
    const huge = Buffer.from(JSON.stringify({ note: "x".repeat(LIMITS.bodyBytes) }));
    expect(await overHttp(huge)).toEqual({ status: 413, json: { error: "too-large" } });
    expect(await overHttp(huge, { chunked: true })).toEqual({ status: 413, json: { error: "too-large" } });
  });
});
