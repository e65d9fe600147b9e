import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectDatabase, type Db } from "../db/store";
import { createLogger } from "../logger";
import { postgresUrl, testDatabases } from "../test-support/databases";
import { useTestDatabase } from "../test-support/storage-suite";
import { postJson, testApp, validContact } from "../test-support/app";
import { mintSession, send, signIn } from "../test-support/admin";
import { sseReader } from "../test-support/sse";
import {
  CHANGES_CHANNEL,
  createPostgresChangeFeed,
  notifyChangeListeners,
  type PostgresChangeFeed,
} from "./pg-change-feed";

// Two server instances on one PostgreSQL: a change made through instance A reaches a stream opened on
// instance B by LISTEN/NOTIFY alone (B's heartbeat, which also polls, is far longer than the test).

const postgres = testDatabases.find((database) => database.name === "postgres");

describe.skipIf(!postgres || !postgresUrl)("PostgreSQL change feed across instances", () => {
  const open = useTestDatabase(postgres!, { clear: "once", admin: true });
  let dbB: Db;
  let feedA: PostgresChangeFeed;
  let feedB: PostgresChangeFeed;
  const nameA = `erf-feed-test-a-${randomBytes(4).toString("hex")}`;
  const nameB = `erf-feed-test-${randomBytes(4).toString("hex")}`;
  const logger = createLogger("silent");

  beforeAll(async () => {
    dbB = connectDatabase(postgresUrl!, { searchPath: open.schema! });
    feedA = createPostgresChangeFeed({ url: postgresUrl!, logger, applicationName: nameA });
    feedB = createPostgresChangeFeed({ url: postgresUrl!, logger, reconnectDelayMs: 100, applicationName: nameB });
    await Promise.all([feedA.listening(), feedB.listening()]);
  });
  afterAll(async () => {
    await Promise.all([feedA.close(), feedB.close()]);
    await dbB.destroy();
  });

  const instances = () => {
    const appA = testApp(open.db, { changeFeed: feedA });
    const appB = testApp(dbB, { changeFeed: feedB, eventsHeartbeatMs: 60_000 });
    return { appA, appB };
  };

  // A session made in the database, not signed in: each sign-in uses up a TOTP step, and a file that
  // signs in more than three times in one 30 s step waits for the next one, past a test's time limit.
  const streamOn = async (app: ReturnType<typeof testApp>) => {
    const cookie = await mintSession(app, open.db);
    const reader = sseReader(await send(app, "GET", "/api/admin/events", { cookie }));
    expect(await reader.nextFrame()).toMatchObject({ retry: "2000" });
    return reader;
  };

  it("delivers a submission made through instance A on instance B's stream", async () => {
    const { appA, appB } = instances();
    const reader = await streamOn(appB);
    try {
      const response = await postJson(appA, "/api/contacts", validContact);
      const { id } = (await response.json()) as { id: string };
      const { change } = await reader.nextChange();
      expect(change).toMatchObject({ collection: "contacts", op: "insert", record: { id } });
    } finally {
      await reader.close();
    }
  });

  it("delivers a status change made on A to B, and B's session signed in on A works on B", async () => {
    const { appA, appB } = instances();
    const cookie = await signIn(appA);
    const reader = sseReader(await send(appB, "GET", "/api/admin/events", { cookie }));
    try {
      await reader.nextFrame();
      const { id } = (await (await postJson(appA, "/api/contacts", validContact)).json()) as { id: string };
      await reader.nextChange();
      await send(appA, "PATCH", `/api/admin/contacts/${id}`, { body: { status: "qualified" }, cookie });
      expect((await reader.nextChange()).change).toMatchObject({ op: "update", record: { id, status: "qualified" } });
    } finally {
      await reader.close();
    }
  });

  it("reconnects its LISTEN connection after it drops and catches up on what was missed", async () => {
    const { appA, appB } = instances();
    const reader = await streamOn(appB);
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    try {
      const killed = await admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1",
        [nameB],
      );
      expect(killed.rowCount).toBe(1);
      const { id } = (await (await postJson(appA, "/api/contacts", validContact)).json()) as { id: string };
      expect((await reader.nextChange()).change.record.id).toBe(id);
      await feedB.listening();
      const again = (await (await postJson(appA, "/api/contacts", validContact)).json()) as { id: string };
      expect((await reader.nextChange()).change.record.id).toBe(again.id);
    } finally {
      await admin.end();
      await reader.close();
    }
  });

  it("sends one NOTIFY for announcements that come while another is on its way", async () => {
    const listener = new pg.Client({ connectionString: postgresUrl });
    await listener.connect();
    try {
      const { rows } = await listener.query<{ pid: number }>(
        "select pid from pg_stat_activity where application_name = $1",
        [nameA],
      );
      const pidA = rows[0]!.pid;
      let fromA = 0;
      listener.on("notification", (message) => {
        if (message.processId === pidA) fromA += 1;
      });
      await listener.query(`listen ${CHANGES_CHANNEL}`);
      for (let i = 0; i < 100; i++) feedA.announce();
      const deadline = Date.now() + 2_000;
      while (fromA === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
      await new Promise((resolve) => setTimeout(resolve, 200));
      // One NOTIFY was sent at once; the other 99 share the one after it (and one from A's connect may
      // still have been on its way when they came).
      expect(fromA).toBeGreaterThanOrEqual(1);
      expect(fromA).toBeLessThanOrEqual(2);
    } finally {
      await listener.end();
    }
  });

  it("wakes B's streams when a process without a feed (the admin CLI) notifies after its writes", async () => {
    const { appB } = instances();
    const reader = await streamOn(appB);
    try {
      // Written through an app whose feed reaches no other instance.
      const silent = testApp(open.db);
      const posted = await postJson(silent, "/api/contacts", validContact);
      expect(posted.status, await posted.clone().text()).toBe(201);
      const { id } = (await posted.json()) as { id: string };
      expect(await reader.quietFor(300)).toBe(true);
      await notifyChangeListeners(open.db);
      expect((await reader.nextChange()).change.record.id).toBe(id);
    } finally {
      await reader.close();
    }
  });
});
