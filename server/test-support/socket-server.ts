import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createAdaptorServer } from "@hono/node-server";
import type { Hono } from "hono";
import { afterAll, beforeAll } from "vitest";

// Some answers only show over a real socket (the peer's address, Node's own request stream), so these
// suites serve their small app on a real Node HTTP server instead of through app.request().

/** Serves `app` on a free port of `host` from before the file's first test to after its last. */
export function serveOverSocket(app: Pick<Hono, "fetch">, host: string): { port(): number } {
  let server: Server;
  let port = 0;
  beforeAll(async () => {
    server = createAdaptorServer({ fetch: app.fetch }) as Server;
    await new Promise<void>((resolve) => server.listen(0, host, resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { port: () => port };
}
