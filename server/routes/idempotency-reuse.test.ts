import { expect, it } from "vitest";
import { countRows } from "../test-support/databases";
import { describeStorage } from "../test-support/storage-suite";
import { postJson, testApp, validContact, validSignup } from "../test-support/app";

// An Idempotency-Key names one request. Sent again with another body it is a client bug, or someone
// guessing keys: the draft standard's answer is 422, and the second request must not be dropped in
// silence behind the first one's 201.

describeStorage("Idempotency-Key reused with another body", (open) => {
  const storedMessages = async () =>
    (await open.db.selectFrom("contacts").select("message").execute()).map((row) => row.message);

  it("answers 422 idempotency-key-reused and stores nothing of the second body", async () => {
    const app = testApp(open.db);
    const first = await postJson(app, "/api/contacts", validContact, { "Idempotency-Key": "attempt-1" });
    expect(first.status).toBe(201);

    const reused = await postJson(
      app,
      "/api/contacts",
      { ...validContact, message: "Something else entirely" },
      { "Idempotency-Key": "attempt-1" },
    );
    expect(reused.status).toBe(422);
    expect(await reused.json()).toEqual({ error: "idempotency-key-reused" });
    expect(reused.headers.get("Idempotent-Replayed")).toBeNull();
    expect(await storedMessages()).toEqual([validContact.message]);
    expect(await countRows(open.db, "idempotencyKeys")).toBe(1);
    expect(await countRows(open.db, "changes")).toBe(1);

    // The ledger still holds the first request: sent again, it is replayed.
    const again = await postJson(app, "/api/contacts", validContact, { "Idempotency-Key": "attempt-1" });
    expect(again.status).toBe(201);
    expect(await again.text()).toBe(await first.text());
  });

  it("answers 422 for a reused key even when the second body would not pass validation", async () => {
    const app = testApp(open.db);
    await postJson(app, "/api/leads", validSignup, { "Idempotency-Key": "k" });
    const reused = await postJson(
      app,
      "/api/leads",
      { ...validSignup, email: "not an email" },
      { "Idempotency-Key": "k" },
    );
    expect(reused.status).toBe(422);
    expect(await reused.json()).toEqual({ error: "idempotency-key-reused" });
    expect(await countRows(open.db, "leads")).toBe(1);
  });

  it("replays the same request sent with its keys in another order, other spacing and a fresh bot-check token", async () => {
    const app = testApp(open.db);
    const first = await postJson(
      app,
      "/api/contacts",
      { ...validContact, recaptchaToken: "token-1" },
      { "Idempotency-Key": "retry" },
    );
    const reordered = Object.fromEntries(Object.entries({ ...validContact, recaptchaToken: "token-2" }).reverse());
    const retried = await postJson(app, "/api/contacts", JSON.stringify(reordered, null, 2), {
      "Idempotency-Key": "retry",
    });
    expect(retried.status).toBe(201);
    expect(retried.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await retried.text()).toBe(await first.text());
    expect(await countRows(open.db, "contacts")).toBe(1);
  });

  it("stores one of two different bodies racing with the same key and answers the other 422", async () => {
    const app = testApp(open.db);
    const bodies = ["Race one", "Race two"].map((message) => ({ ...validContact, message }));
    const responses = await Promise.all(
      bodies.map((body) => postJson(app, "/api/contacts", body, { "Idempotency-Key": "race" })),
    );
    const statuses = responses.map((response) => response.status);
    expect([...statuses].sort()).toEqual([201, 422]);
    const winner = bodies[statuses.indexOf(201)]!;
    expect(await storedMessages()).toEqual([winner.message]);
    expect(await countRows(open.db, "idempotencyKeys")).toBe(1);
    expect(await countRows(open.db, "changes")).toBe(1);
  });

  it("replays a key stored before fingerprints were kept, whatever the body", async () => {
    // Rows written before migration 0007 have no fingerprint; they expire within a day.
    const app = testApp(open.db);
    const first = await postJson(app, "/api/contacts", validContact, { "Idempotency-Key": "old" });
    await open.db.updateTable("idempotencyKeys").set({ fingerprint: null }).execute();
    const again = await postJson(
      app,
      "/api/contacts",
      { ...validContact, message: "Changed" },
      { "Idempotency-Key": "old" },
    );
    expect(again.status).toBe(201);
    expect(await again.text()).toBe(await first.text());
    expect(await countRows(open.db, "contacts")).toBe(1);
  });
});
