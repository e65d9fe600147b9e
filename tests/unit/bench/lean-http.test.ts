import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { LeanHttpClient } from "../../../bench/lib/lean-http";
import { openLoop } from "../../../bench/lib/open-loop";
import { freePort } from "../../support/free-port";

// The open loop judges must-holds (reliability.md check 4, performance.md), so its client must count
// every answer and every failure right: these run it against real node:http servers.

interface TestServer {
  port: number;
  connections: Set<Socket>;
  requests: { method: string; url: string; headers: IncomingMessage["headers"]; body: string }[];
  close(): Promise<void>;
}

const servers: TestServer[] = [];
const clients: LeanHttpClient[] = [];

async function serve(
  handler: (request: IncomingMessage, response: ServerResponse, body: string) => void,
): Promise<TestServer> {
  const connections = new Set<Socket>();
  const requests: TestServer["requests"] = [];
  const server: Server = createServer((request, response) => {
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => (body += chunk));
    request.on("end", () => {
      requests.push({ method: request.method ?? "", url: request.url ?? "", headers: request.headers, body });
      handler(request, response, body);
    });
  });
  server.on("connection", (socket) => connections.add(socket));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const testServer: TestServer = {
    port: (server.address() as AddressInfo).port,
    connections,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  servers.push(testServer);
  return testServer;
}

function client(port: number, options?: { maxSockets?: number; maxIdleMs?: number }): LeanHttpClient {
  const made = new LeanHttpClient(port, options);
  clients.push(made);
  return made;
}

const post = (lean: LeanHttpClient, body = "{}", timeoutMs = 5_000, headers: Record<string, string> = {}) =>
  new Promise<{ status: number; error?: string }>((resolve) =>
    lean.post("/api/leads", body, headers, timeoutMs, (status, error) => resolve({ status, error })),
  );

afterEach(async () => {
  for (const made of clients.splice(0)) made.destroy();
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

describe("LeanHttpClient", () => {
  it("sends the method, path, headers and body, and reads the status of a Content-Length answer", async () => {
    const server = await serve((_request, response) =>
      response.writeHead(201, { "Content-Type": "application/json" }).end('{"id":"x"}'),
    );
    const lean = client(server.port);
    const body = JSON.stringify({ email: "ünïcode@example.com" });
    expect(await post(lean, body, 5_000, { "Idempotency-Key": "key-1" })).toEqual({ status: 201 });
    const [seen] = server.requests;
    expect(seen).toMatchObject({ method: "POST", url: "/api/leads", body });
    expect(seen!.headers["idempotency-key"]).toBe("key-1");
    expect(seen!.headers["content-type"]).toBe("application/json");
    expect(Number(seen!.headers["content-length"])).toBe(Buffer.byteLength(body));
  });

  it("reads chunked answers, and answers that arrive a few bytes at a time", async () => {
    const server = await serve((_request, response) => {
      response.writeHead(400, { "Content-Type": "application/json" });
      response.write('{"error":');
      setTimeout(() => response.end('"validation"}'), 20);
    });
    const lean = client(server.port);
    expect(await post(lean)).toEqual({ status: 400 });
    // The same connection carries the next request once the chunked body has ended.
    expect(await post(lean)).toEqual({ status: 400 });
    expect(server.connections.size).toBe(1);
  });

  it("keeps connections alive, one request at a time on each, at most maxSockets of them", async () => {
    let open = 0;
    let most = 0;
    const server = await serve((_request, response) => {
      open += 1;
      most = Math.max(most, open);
      setTimeout(() => {
        open -= 1;
        response.writeHead(201).end("{}");
      }, 10);
    });
    const lean = client(server.port, { maxSockets: 3 });
    const answers = await Promise.all(Array.from({ length: 12 }, () => post(lean)));
    expect(answers.every((answer) => answer.status === 201)).toBe(true);
    expect(server.requests).toHaveLength(12);
    expect(server.connections.size).toBe(3);
    expect(most).toBe(3);
  });

  it("opens a new connection after the server closes one", async () => {
    const server = await serve((_request, response) => response.writeHead(201, { Connection: "close" }).end("{}"));
    const lean = client(server.port);
    expect(await post(lean)).toEqual({ status: 201 });
    expect(await post(lean)).toEqual({ status: 201 });
    expect(server.connections.size).toBe(2);
  });

  it("does not reuse a connection idle for maxIdleMs, and reuses one idle for less", async () => {
    const server = await serve((_request, response) => response.writeHead(201).end("{}"));
    const lean = client(server.port, { maxIdleMs: 150 });
    expect(await post(lean)).toEqual({ status: 201 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await post(lean)).toEqual({ status: 201 });
    expect(server.connections.size).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await post(lean)).toEqual({ status: 201 });
    expect(server.connections.size).toBe(2);
    // The stale one was closed by the client, not left for the server to time out.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect([...server.connections].filter((socket) => !socket.destroyed)).toHaveLength(1);
  });

  it("fails a request the server never answers with 'timeout', and one nobody listens for with the socket's error code", async () => {
    const server = await serve(() => {});
    expect(await post(client(server.port), "{}", 150)).toEqual({ status: 0, error: "timeout" });
    expect(await post(client(await freePort()))).toEqual({ status: 0, error: "ECONNREFUSED" });
  });
});

describe("openLoop", () => {
  it("sends rate x seconds requests, counts 201s as latencies and every other answer by status", async () => {
    let count = 0;
    const server = await serve((_request, response) => {
      count += 1;
      if (count % 5 === 0) response.writeHead(429).end('{"error":"rate_limited"}');
      else response.writeHead(201).end('{"id":"x"}');
    });
    const result = await openLoop(`http://127.0.0.1:${server.port}`, 200, 1);
    expect(result.sent).toBe(200);
    expect(result.statuses.get(201)).toBe(160);
    expect(result.statuses.get(429)).toBe(40);
    expect(result.failures).toBe(40);
    expect(result.errors.size).toBe(0);
    expect(result.p50).toBeGreaterThan(0);
    expect(result.generatorCpuMsPerRequest).toBeGreaterThan(0);
    // Every request was a distinct signup with its own key.
    expect(new Set(server.requests.map((request) => request.headers["idempotency-key"])).size).toBe(200);
    expect(new Set(server.requests.map((request) => JSON.parse(request.body).email)).size).toBe(200);
  });
});
