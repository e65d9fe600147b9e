import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { connectDatabase, type Db } from "../db/store";
import { postgresUrl, testDatabases } from "../test-support/databases";
import { describeStorage, useTestDatabase } from "../test-support/storage-suite";
import { postJson, testApp, testConfig, validNewsletter } from "../test-support/app";

// Who the per-client form limit counts together, and where: an IPv4 address, or an IPv6 /64 (one
// client can pick any address of its /64), on every instance of a PostgreSQL deployment at once.

const from = (ip: string) => ({ "X-Forwarded-For": ip });

describeStorage("form rate limit per client", (open) => {
  const limitedApp = (limit: number) =>
    testApp(open.db, { config: testConfig({ rateLimitPerMinute: limit, trustProxy: 1 }) });
  const status = async (app: ReturnType<typeof limitedApp>, ip: string) =>
    (await postJson(app, "/api/newsletter", validNewsletter, from(ip))).status;

  // Each case sends one submission per row, in order, from the address given, and expects that answer.
  it.each<[name: string, limit: number, answers: [ip: string, status: number][]]>([
    [
      "counts the addresses of one IPv6 /64 together, however they are written",
      2,
      [
        ["2001:db8:1:2::1", 201],
        ["2001:db8:1:2:ffff:0:0:9", 201],
        ["2001:0DB8:0001:0002::abcd", 429],
        // The next /64 is another client.
        ["2001:db8:1:3::1", 201],
      ],
    ],
    [
      "keeps counting each IPv4 address on its own, written plainly or as IPv6",
      1,
      [
        ["198.51.100.1", 201],
        ["198.51.100.2", 201],
        ["::ffff:198.51.100.1", 429],
        ["198.51.100.3", 201],
      ],
    ],
  ])("%s", async (_name, limit, answers) => {
    const app = limitedApp(limit);
    for (const [ip, expected] of answers) expect(await status(app, ip), ip).toBe(expected);
  });
});

const postgres = testDatabases.find((database) => database.name === "postgres");

describe.skipIf(!postgres || !postgresUrl)("form rate limit across instances (postgres)", () => {
  const open = useTestDatabase(postgres!);
  let second: Db;
  beforeEach(async () => {
    // A pool of its own on the same schema, as a second server process has.
    second = connectDatabase(postgresUrl!, { searchPath: open.schema! });
  });
  afterEach(() => second.destroy());

  it("shares one client's limit between two app instances on one schema", async () => {
    const config = testConfig({ rateLimitPerMinute: 3, trustProxy: 1 });
    const one = testApp(open.db, { config });
    const two = testApp(second, { config });
    const send = async (app: ReturnType<typeof testApp>, ip = "203.0.113.9") =>
      (await postJson(app, "/api/newsletter", validNewsletter, from(ip))).status;
    expect([await send(one), await send(two), await send(one)]).toEqual([201, 201, 201]);
    const limited = await postJson(two, "/api/newsletter", validNewsletter, from("203.0.113.9"));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await send(one)).toBe(429);
    // Another client is not held back by it, on either instance.
    expect(await send(two, "203.0.113.10")).toBe(201);
  });

  // A logged table made every submission wait for a WAL flush of its counter (see migration 0007).
  it("keeps the counters out of the WAL, so counting costs no flush", async () => {
    const { rows } = await sql<{
      relpersistence: string;
    }>`select relpersistence from pg_class where oid = 'rate_limits'::regclass`.execute(open.db);
    expect(rows).toEqual([{ relpersistence: "u" }]);
  });
});
