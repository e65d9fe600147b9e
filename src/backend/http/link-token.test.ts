import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

// A real HTTP server answers as ours does; the adapter's base URL points at it.

let server: Server;
const seen: { path: string; body: string }[] = [];
const answers: Record<string, [number, string]> = {
  "/ok": [200, JSON.stringify({ status: "unsubscribed" })],
  "/bad": [400, JSON.stringify({ message: "Not a token we issued." })],
  "/bad-silent": [400, "not json"],
  "/gone": [410, "{}"],
  "/broken": [500, "{}"],
};

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      seen.push({ path: request.url ?? "", body });
      const [status, text] = answers[request.url ?? ""] ?? [404, "{}"];
      response.writeHead(status, { "Content-Type": "application/json" }).end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  vi.stubEnv("VITE_API_BASE", `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await new Promise((resolve) => server.close(resolve));
});

const post = async (path: string) => {
  const { postLinkToken } = await import("./link-token");
  const refusals = {
    400: { reason: "invalid-token" as const, message: "This link is not valid." },
    410: { reason: "expired-token" as const, message: "This link has expired." },
  };
  return postLinkToken(path, { token: "t0k3n" }, refusals);
};

describe("postLinkToken", () => {
  it("sends the body as JSON and hands back the server's status", async () => {
    expect(await post("/ok")).toEqual({ ok: true, status: "unsubscribed" });
    expect(seen.at(-1)).toEqual({ path: "/ok", body: JSON.stringify({ token: "t0k3n" }) });
  });

  it("names a refusal by its HTTP status, with the server's words or else its own", async () => {
    expect(await post("/bad")).toEqual({ ok: false, reason: "invalid-token", message: "Not a token we issued." });
    expect(await post("/bad-silent")).toEqual({
      ok: false,
      reason: "invalid-token",
      message: "This link is not valid.",
    });
    expect(await post("/gone")).toEqual({ ok: false, reason: "expired-token", message: "This link has expired." });
  });

  it("calls any other failure a server failure, and an unreachable server a network failure", async () => {
    expect(await post("/broken")).toEqual({ ok: false, reason: "server", message: "HTTP 500" });
    await new Promise((resolve) => server.close(resolve));
    expect(await post("/ok")).toMatchObject({ ok: false, reason: "network" });
  });
});
