import { expect, it } from "vitest";
import type { WebhookAttempt } from "../../src/domain/webhooks";
import { mintSession, send } from "../test-support/admin";
import { testApp } from "../test-support/app";
import { describeStorage } from "../test-support/storage-suite";
import { webhookWorld } from "./webhook-world";

// Server-side request forgery, on SQLite and PostgreSQL: a webhook URL that leads inside the network is
// refused when saved (scheme, loopback, metadata, IPv6 loopback, IPv4 inside IPv6, decimal and hex
// addresses, private ranges, names resolving inside), and a name that resolves inside by the time of
// sending is not posted to (DNS rebinding). The DNS here is the test's stand-in; address-guard.ts judges.

describeStorage(
  "webhook addresses",
  (open) => {
    const world = webhookWorld(open);
    const { hook, resolved, worker, addEndpoint, submitDemo } = world;

    it("refuses URLs that lead inside: a scheme, loopback, metadata, IPv6 loopback, a decimal IP, a name resolving inside", async () => {
      const strict = testApp(open.db, {
        clock: world.time.clock,
        resolveHost: async (host) => resolved.get(host) ?? ["93.184.216.34"],
      });
      const strictCookie = await mintSession(strict, open.db);
      resolved.set("inside.example", ["127.0.0.1"]);
      resolved.set("metadata.example", ["203.0.113.9", "169.254.169.254"]);
      const refused = async (url: string) => {
        const response = await send(strict, "POST", "/api/admin/webhooks", {
          cookie: strictCookie,
          body: { url, events: ["lead.created"] },
        });
        return {
          status: response.status,
          field: ((await response.json()) as { fields?: { url?: string } }).fields?.url,
        };
      };
      for (const url of [
        "http://hooks.example.com/erf",
        "https://127.0.0.1/erf",
        "https://169.254.169.254/latest/meta-data",
        "https://[::1]/erf",
        "https://[::ffff:127.0.0.1]/erf",
        // IPv4-compatible IPv6 (issue 39, item 4), and the other ranges that embed IPv4: NAT64, 6to4, Teredo.
        "https://[::127.0.0.1]/h",
        "https://[::7f00:1]/h",
        "https://[0::127.0.0.1]/h",
        "https://[64:ff9b::7f00:1]/h",
        "https://[2002:7f00:1::]/h",
        "https://[2001::1]/h",
        "https://2130706433/erf",
        "https://0x7f.0.0.1/erf",
        "https://10.0.0.8/erf",
        "https://inside.example/erf",
        "https://metadata.example/erf",
        "ftp://hooks.example.com/erf",
      ]) {
        expect(await refused(url), url).toMatchObject({ status: 400, field: expect.any(String) });
      }
      expect(await open.db.selectFrom("webhookEndpoints").select("id").execute()).toEqual([]);
      expect((await refused("https://hooks.example.com/erf")).status).toBe(201);
    });

    it("checks the address again at each connection: a name that now resolves inside is not posted to", async () => {
      const { id } = await addEndpoint(["lead.created"]);
      // As if DNS changed after the URL was saved: the name now points at the loopback receiver.
      await open.db
        .updateTable("webhookEndpoints")
        .set({ url: hook.url().replace("http://127.0.0.1", "https://localhost") })
        .where("id", "=", id)
        .execute();
      await submitDemo();
      await worker(false).runOnce();
      expect(hook.received).toHaveLength(0);
      const log = (await (
        await send(world.app, "GET", `/api/admin/webhooks/${id}/deliveries`, { cookie: world.cookie })
      ).json()) as WebhookAttempt[];
      expect(log[0]).toMatchObject({
        status: null,
        error: expect.stringMatching(/localhost resolved to (127\.0\.0\.1|::1), which is not on the public internet/),
      });
    });
  },
  { admin: true },
);
