import type { Server } from "node:http";
import { connect, type AddressInfo, type Socket } from "node:net";
import { createAdaptorServer } from "@hono/node-server";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { limitBody, nodeRequest, readJsonBody } from "./json-body";
import { closeUnreadBodies, LINGER_BYTES } from "./unread-body";

// Over real HTTP: a refused 10 MB body is answered and the connection closed, without the server
// reading the body to its end; a body that was read keeps its connection alive.

const BIG = 10 * 1024 * 1024;
let lastServerSocket: Socket | null = null;

const app = new Hono();
app.use(closeUnreadBodies);
app.use(async (c, next) => {
  lastServerSocket = nodeRequest(c)?.socket ?? null;
  await next();
});
app.post("/", limitBody, async (c) => {
  const body = await readJsonBody(c);
  return body.ok ? c.json({ ok: true }) : body.response;
});

let server: Server;
let port: number;
beforeAll(async () => {
  server = createAdaptorServer({ fetch: app.fetch }) as Server;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Sends headers and then `size` bytes as fast as the socket takes them; resolves once the server closes. */
function postBig(headers: string, size: number, chunked: boolean): Promise<{ answer: string; closed: boolean }> {
  return new Promise((resolve) => {
    const socket = connect({ host: "127.0.0.1", port });
    let answer = "";
    socket.on("data", (chunk: Buffer) => (answer += chunk.toString("latin1")));
    socket.on("error", () => undefined);
    socket.on("close", () => resolve({ answer, closed: true }));
    socket.on("connect", () => {
      socket.write(`POST / HTTP/1.1\r\nHost: 127.0.0.1\r\n${headers}\r\n`);
      const piece = Buffer.alloc(64 * 1024, 0x20);
      let sent = 0;
      const pump = () => {
        while (sent < size && !socket.destroyed) {
          sent += piece.length;
          const data = chunked
            ? Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from("\r\n")])
            : piece;
          if (!socket.write(data)) return socket.once("drain", pump);
        }
      };
      pump();
    });
  });
}

describe("a body the server refused before reading it", () => {
  it.each([
    ["with Content-Length", `Content-Type: application/json\r\nContent-Length: ${BIG}\r\n`, false],
    ["chunked", "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n", true],
  ])(
    "%s: answered 413, then the connection closes after reading at most a little more",
    async (_name, headers, chunked) => {
      const { answer, closed } = await postBig(headers as string, BIG, chunked as boolean);
      expect(answer.split("\r\n")[0]).toBe("HTTP/1.1 413 Payload Too Large");
      expect(closed).toBe(true);
      // Kernel buffers hold a few MB more than the server itself took; far from the whole 10 MB.
      expect(lastServerSocket!.bytesRead).toBeLessThan(BIG / 2);
      expect(lastServerSocket!.bytesRead).toBeGreaterThan(0);
      expect(LINGER_BYTES).toBeLessThan(BIG / 4);
    },
  );
});

describe("a body the server read", () => {
  it("keeps the connection alive for the next request", async () => {
    const socket = connect({ host: "127.0.0.1", port });
    await new Promise((resolve) => socket.once("connect", resolve));
    const body = '{"a":1}';
    const request = `POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`;
    let answers = "";
    socket.on("data", (chunk: Buffer) => (answers += chunk.toString("latin1")));
    socket.write(request);
    socket.write(request);
    await expect.poll(() => answers.split("HTTP/1.1 200").length - 1).toBe(2);
    expect(socket.destroyed).toBe(false);
    socket.destroy();
  });
});
