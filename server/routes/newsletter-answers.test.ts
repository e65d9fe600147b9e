import { expect, it } from "vitest";
import { NO_ATTRIBUTION } from "../../src/domain/attribution";
import { subscribeEmail, suppress } from "../db/store";
import type { Config } from "../env";
import { derivePrivacyKeys, emailHash } from "../privacy/keys";
import { describeStorage } from "../test-support/storage-suite";
import { manualClock, postJson, TEST_APP_SECRET, testApp, testConfig } from "../test-support/app";

// Item: the answer to a subscription must not tell a stranger whether the address was new, already
// subscribed, pending or opted out. Same status, same headers, same body shape, and never the id of a row
// that was there before (a UUIDv7 would even say since when).

const keys = derivePrivacyKeys(TEST_APP_SECRET);
const MAIL = { smtpUrl: "smtp://127.0.0.1:1" } satisfies Partial<Config>;
const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The millisecond timestamp a UUIDv7 carries. */
const timeOf = (id: string) => parseInt(id.replaceAll("-", "").slice(0, 12), 16);

interface Answer {
  status: number;
  headers: string[];
  contentType: string | null;
  keys: string[];
  id: string;
}

describeStorage("the answer to POST /api/newsletter", (open) => {
  const time = manualClock("2026-01-05T09:00:00.000Z");
  const storedIds = async () =>
    new Set((await open.db.selectFrom("newsletter").select("id").execute()).map((row) => row.id));

  async function answer(
    email: string,
    config: Partial<Config>,
    headers: Record<string, string> = {},
  ): Promise<Answer & { replayed: string | null }> {
    time.advance(1_000);
    const before = await storedIds();
    const response = await postJson(
      testApp(open.db, { clock: time.clock, config: testConfig(config) }),
      "/api/newsletter",
      { email },
      headers,
    );
    const body = (await response.json()) as Record<string, unknown>;
    const id = String(body.id);
    // A fresh id made now, never one of the rows that were there before this request.
    expect(id, email).toMatch(UUID_V7);
    expect(before.has(id), `${email} answered with a stored row's id`).toBe(false);
    expect(timeOf(id), email).toBe(time.clock().getTime());
    return {
      status: response.status,
      headers: [...response.headers.keys()].sort(),
      contentType: response.headers.get("content-type"),
      keys: Object.keys(body).sort(),
      id,
      replayed: response.headers.get("idempotent-replayed"),
    };
  }

  /** An address in each state the list can hold it in. */
  async function seedStates() {
    await subscribeEmail(open.db, {
      id: "0190aaaa-0000-7000-8000-000000000001",
      data: { email: "subscribed@example.com", ...NO_ATTRIBUTION },
      botCheck: "skipped",
      createdAt: "2024-07-01T00:00:00.000Z",
    });
    await subscribeEmail(open.db, {
      id: "0190aaaa-0000-7000-8000-000000000002",
      data: { email: "unsubscribed@example.com", ...NO_ATTRIBUTION },
      botCheck: "skipped",
      createdAt: "2024-07-01T00:00:00.000Z",
    });
    await open.db
      .updateTable("newsletter")
      .set({ status: "unsubscribed" })
      .where("email", "=", "unsubscribed@example.com")
      .execute();
    await suppress(open.db, emailHash(keys, "unsubscribed@example.com"), "unsubscribed", "2024-08-01T00:00:00.000Z");
    await suppress(open.db, emailHash(keys, "erased@example.com"), "erased", "2024-08-01T00:00:00.000Z");
    await open.db
      .insertInto("newsletter")
      .values({
        id: "0190aaaa-0000-7000-8000-000000000003",
        email: "pending@example.com",
        status: "pending",
        botCheck: "skipped",
        createdAt: "2024-07-01T00:00:00.000Z",
      })
      .execute();
  }

  const shape = ({ id: _id, ...rest }: Answer & { replayed: string | null }) => rest;

  it.each([
    ["double opt-in off", { ...MAIL, newsletterDoubleOptIn: false }],
    ["double opt-in on", { ...MAIL, newsletterDoubleOptIn: true }],
    ["no mail server", { smtpUrl: null }],
  ] as const)(
    "is the same for a new, subscribed, pending, unsubscribed and erased address (%s)",
    async (_label, config) => {
      await seedStates();
      const answers = {
        new: await answer("new@example.com", config),
        subscribed: await answer("subscribed@example.com", config),
        pending: await answer("pending@example.com", config),
        unsubscribed: await answer("unsubscribed@example.com", config),
        erased: await answer("erased@example.com", config),
      };
      expect(answers.new).toMatchObject({ status: 201, keys: ["id"], contentType: "application/json", replayed: null });
      for (const [state, given] of Object.entries(answers)) expect(shape(given), state).toEqual(shape(answers.new));
    },
  );

  it("replays an Idempotency-Key with the first answer, whatever the address's state", async () => {
    await seedStates();
    for (const email of ["subscribed@example.com", "unsubscribed@example.com", "brand.new@example.com"]) {
      const first = await answer(email, MAIL, { "Idempotency-Key": `key-${email}` });
      const again = await postJson(
        testApp(open.db, { clock: time.clock, config: testConfig(MAIL) }),
        "/api/newsletter",
        { email },
        { "Idempotency-Key": `key-${email}` },
      );
      expect(again.status).toBe(201);
      expect(again.headers.get("idempotent-replayed")).toBe("true");
      expect(await again.json()).toEqual({ id: first.id });
    }
    // The replay queued nothing more: one confirmation email for the opted-out address, one welcome for the new one.
    expect(
      (await open.db.selectFrom("outbox").select("kind").orderBy("kind").execute()).map((row) => row.kind),
    ).toEqual(["newsletter-confirmation", "welcome"]);
  });
});
