import { CompiledQuery, sql } from "kysely";
import { beforeEach, expect, it } from "vitest";
import { WEBHOOK_LOG_SIZE } from "../../src/domain/webhooks";
import { describeStorage } from "../test-support/storage-suite";
import { isPostgres } from "./connect";
import type { Db } from "./schema";
import { claimDueDeliveries, dueDeliveriesQuery, listWebhookAttempts, pruneWebhookLog } from "./webhook-deliveries";

// An endpoint's delivery log keeps its newest WEBHOOK_LOG_SIZE attempts (the last 1,000), and a finished
// delivery goes with its last logged attempt; pending ones and other endpoints' stay. And the
// worker's claim reads an endpoint's due deliveries through their partial index, on both databases.

const EXTRA = 250;
const FINISHED = WEBHOOK_LOG_SIZE + EXTRA;

/** `count` finished deliveries of `endpointId`, one attempt each, a second apart from `start`; and two pending. */
async function seed(db: Db, endpointId: string, count: number) {
  await db
    .insertInto("webhookEndpoints")
    .values({
      id: endpointId,
      url: "https://hooks.example.com/in",
      events: '["lead.created"]',
      secret: "sealed",
      previousSecret: null,
      previousSecretUntil: null,
      disabled: 0,
      disabledReason: null,
      failingSince: null,
      createdBy: "admin@erf.test",
      createdAt: "2026-01-01T00:00:00.000Z",
    })
    .execute();
  const n = sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < ${sql.lit(count)})`;
  const at = isPostgres(db)
    ? sql`to_char(timestamp '2026-01-01 00:00:00' + i * interval '1 second', 'YYYY-MM-DD"T"HH24:MI:SS.000"Z"')`
    : sql`strftime('%Y-%m-%dT%H:%M:%S.000Z', '2026-01-01', '+' || i || ' seconds')`;
  const id = (prefix: string) => sql`${sql.lit(`${prefix}_${endpointId}_`)} || lpad_i`;
  const padded = isPostgres(db) ? sql`lpad(i::text, 6, '0')` : sql`substr('000000' || i, -6)`;
  await sql`${n}, p(i, lpad_i) as (select i, ${padded} from n)
    insert into webhook_deliveries (id, endpoint_id, type, subject_email, payload, state, attempts, next_attempt_at, locked_until, created_at)
    select ${id("d")}, ${endpointId}, 'lead.created', 'someone@example.com', '{}', case when i % 2 = 0 then 'delivered' else 'failed' end, 1, null, null, ${at} from p`.execute(
    db,
  );
  await sql`${n}, p(i, lpad_i) as (select i, ${padded} from n)
    insert into webhook_attempts (id, delivery_id, endpoint_id, type, status, duration_ms, error, at)
    select ${id("a")}, ${id("d")}, ${endpointId}, 'lead.created', 204, 5, null, ${at} from p`.execute(db);
  for (const [index, due] of ["2026-01-01T00:00:00.000Z", "2099-01-01T00:00:00.000Z"].entries()) {
    await db
      .insertInto("webhookDeliveries")
      .values({
        id: `pending_${endpointId}_${index}`,
        endpointId,
        type: "lead.created",
        subjectEmail: "someone@example.com",
        payload: "{}",
        state: "pending",
        attempts: 0,
        nextAttemptAt: due,
        lockedUntil: null,
        createdAt: due,
      })
      .execute();
  }
}

const count = async (db: Db, table: "webhookDeliveries" | "webhookAttempts", endpointId: string) =>
  Number(
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number | string>().as("n"))
        .where("endpointId", "=", endpointId)
        .executeTakeFirstOrThrow()
    ).n,
  );

describeStorage("an endpoint's delivery log", (open) => {
  beforeEach(async () => {
    await seed(open.db, "ep_busy", FINISHED);
    await seed(open.db, "ep_quiet", 10);
  });

  it(`keeps the newest ${WEBHOOK_LOG_SIZE.toLocaleString("en")} attempts and the deliveries they log, and every pending one`, async () => {
    const newestBefore = await listWebhookAttempts(open.db, "ep_busy");
    await pruneWebhookLog(open.db, "ep_busy");

    expect(await count(open.db, "webhookAttempts", "ep_busy")).toBe(WEBHOOK_LOG_SIZE);
    expect(await listWebhookAttempts(open.db, "ep_busy")).toEqual(newestBefore);
    const oldestKept = await open.db
      .selectFrom("webhookAttempts")
      .select("id")
      .where("endpointId", "=", "ep_busy")
      .orderBy("at")
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(oldestKept.id).toBe(`a_ep_busy_${String(EXTRA + 1).padStart(6, "0")}`);
    // Each finished delivery left has an attempt in the log; the two pending ones stay, logged or not.
    expect(await count(open.db, "webhookDeliveries", "ep_busy")).toBe(WEBHOOK_LOG_SIZE + 2);
    const orphans = await open.db
      .selectFrom("webhookDeliveries as d")
      .select("d.id")
      .where("d.endpointId", "=", "ep_busy")
      .where("d.state", "!=", "pending")
      .where((eb) =>
        eb.not(eb.exists(eb.selectFrom("webhookAttempts as a").select("a.id").whereRef("a.deliveryId", "=", "d.id"))),
      )
      .execute();
    expect(orphans).toEqual([]);
    // Another endpoint's log is its own.
    expect(await count(open.db, "webhookAttempts", "ep_quiet")).toBe(10);
    expect(await count(open.db, "webhookDeliveries", "ep_quiet")).toBe(12);
  });

  it("leaves a log that is not yet full as it is", async () => {
    await pruneWebhookLog(open.db, "ep_quiet");
    expect(await count(open.db, "webhookAttempts", "ep_quiet")).toBe(10);
    expect(await count(open.db, "webhookDeliveries", "ep_quiet")).toBe(12);
  });

  it("claims only what is due, through the endpoint's due index", async () => {
    const claimed = await claimDueDeliveries(open.db, new Date("2026-06-01T00:00:00.000Z"), "ep_busy", 16);
    expect(claimed.map((delivery) => delivery.id)).toEqual(["pending_ep_busy_0"]);

    if (!isPostgres(open.db)) await sql`analyze`.execute(open.db);
    const { sql: text, parameters } = dueDeliveriesQuery(open.db, "ep_busy", "2026-06-01T00:00:00.000Z", 16).compile();
    const prefix = isPostgres(open.db) ? "explain (costs off) " : "explain query plan ";
    const rows = (
      await open.db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(prefix + text, [...parameters]))
    ).rows;
    const plan = rows.map((row) => String(row["QUERY PLAN"] ?? row.detail)).join("\n");
    if (isPostgres(open.db)) expect(plan).not.toMatch(/Seq Scan on webhook_deliveries/);
    else expect(plan).toMatch(/USING INDEX webhook_deliveries_endpoint_due_idx/);
  });
});
