import { expect, it } from "vitest";
import { findSubscriptionById, isSuppressed } from "../db/store";
import { derivePrivacyKeys, emailHash, unsubscribeToken } from "../privacy/keys";
import { countRows } from "../test-support/databases";
import { describeStorage } from "../test-support/storage-suite";
import { manualClock, postJson, TEST_APP_SECRET, testApp, validSignup } from "../test-support/app";
import { seedAdmin, send, signIn } from "../test-support/admin";

// The unsubscribe link (no login, signed token), the RFC 8058 one-click POST, the suppression list and
// what an active re-subscription does.

const keys = derivePrivacyKeys(TEST_APP_SECRET);

describeStorage("unsubscribe", (open) => {
  const time = manualClock("2025-07-01T09:00:00.000Z");
  const app = () => testApp(open.db, { clock: time.clock });

  async function subscribe(email = "reader@example.com"): Promise<string> {
    const response = await postJson(app(), "/api/newsletter", { email });
    expect(response.status).toBe(201);
    return ((await response.json()) as { id: string }).id;
  }
  const pageClick = (token: unknown) => postJson(app(), "/api/unsubscribe", { token });
  const oneClick = (
    token: string,
    body = "List-Unsubscribe=One-Click",
    contentType = "application/x-www-form-urlencoded",
  ) =>
    app().request(`/unsubscribe?token=${encodeURIComponent(token)}`, {
      method: "POST",
      // A mail provider's server: another origin, form-encoded, no cookies.
      headers: { "Content-Type": contentType, Origin: "https://mail.example.net" },
      body,
    });
  const withdrawals = () => open.db.selectFrom("consents").selectAll().where("action", "=", "withdrawn").execute();

  it("unsubscribes with a valid token from the page, records the opt-out and suppresses the address", async () => {
    const id = await subscribe();
    const response = await pageClick(unsubscribeToken(keys, id));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "unsubscribed" });
    expect((await findSubscriptionById(open.db, id))?.status).toBe("unsubscribed");
    expect(await withdrawals()).toMatchObject([
      {
        email: "reader@example.com",
        purpose: "newsletter",
        channel: "email",
        source: "unsubscribe-link",
        recordId: id,
        wording: null,
      },
    ]);
    expect(await isSuppressed(open.db, emailHash(keys, "reader@example.com"))).toBe(true);
    const stored = await open.db.selectFrom("suppressions").selectAll().execute();
    expect(stored).toEqual([
      {
        emailHash: emailHash(keys, "reader@example.com"),
        reason: "unsubscribed",
        createdAt: "2025-07-01T09:00:00.000Z",
      },
    ]);
    expect(JSON.stringify(stored)).not.toContain("reader@example.com");
  });

  it("answers a reused token with already-unsubscribed and records nothing more", async () => {
    const token = unsubscribeToken(keys, await subscribe());
    await pageClick(token);
    const again = await pageClick(token);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ status: "already-unsubscribed" });
    expect(await withdrawals()).toHaveLength(1);
  });

  it("refuses a forged token with 400 and changes nothing", async () => {
    const id = await subscribe();
    const forged = [
      `${id}.${"A".repeat(43)}`,
      unsubscribeToken(derivePrivacyKeys("another-secret-of-at-least-32-characters!"), id),
      unsubscribeToken(keys, id).slice(0, -1),
      "not-a-token",
      "",
    ];
    for (const token of forged) {
      const response = await pageClick(token);
      expect(response.status, token).toBe(400);
      expect(await response.json()).toMatchObject({ error: "invalid-token" });
      expect((await oneClick(token)).status, token).toBe(400);
    }
    expect((await findSubscriptionById(open.db, id))?.status).toBe("subscribed");
    expect(await countRows(open.db, "consents")).toBe(1);
    expect(await countRows(open.db, "suppressions")).toBe(0);
  });

  it("accepts the RFC 8058 one-click POST cross-origin, form-encoded or multipart", async () => {
    const first = await subscribe("one@example.com");
    const response = await oneClick(unsubscribeToken(keys, first));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "unsubscribed" });
    expect(await withdrawals()).toMatchObject([{ email: "one@example.com", source: "one-click" }]);

    const second = await subscribe("two@example.com");
    const form = new FormData();
    form.set("List-Unsubscribe", "One-Click");
    const multipart = await app().request(`/unsubscribe?token=${unsubscribeToken(keys, second)}`, {
      method: "POST",
      body: form,
    });
    expect(multipart.status).toBe(200);
    expect((await findSubscriptionById(open.db, second))?.status).toBe("unsubscribed");
  });

  it("refuses a one-click POST without the List-Unsubscribe=One-Click body", async () => {
    const id = await subscribe();
    expect((await oneClick(unsubscribeToken(keys, id), "")).status).toBe(400);
    expect((await findSubscriptionById(open.db, id))?.status).toBe("subscribed");
  });

  it("answers already-unsubscribed for a subscription that no longer exists", async () => {
    const response = await pageClick(unsubscribeToken(keys, "00000000-0000-4000-8000-000000000000"));
    expect(await response.json()).toEqual({ status: "already-unsubscribed" });
    expect(await countRows(open.db, "suppressions")).toBe(0);
  });

  it("keeps an opt-out when anyone submits the address again, by any form", async () => {
    const id = await subscribe();
    await pageClick(unsubscribeToken(keys, id));
    const hash = emailHash(keys, "reader@example.com");

    // A lead or contact form from the same address is stored, but is not a subscription.
    expect(
      (await postJson(app(), "/api/leads", { ...validSignup, email: "reader@example.com", marketingOptIn: false }))
        .status,
    ).toBe(201);
    expect(
      (
        await postJson(app(), "/api/contacts", {
          firstName: "R",
          lastName: "R",
          email: "reader@example.com",
          message: "Hi",
        })
      ).status,
    ).toBe(201);
    // Nor is the newsletter form on its own: only the owner's click on an emailed link is (newsletter-confirm.test.ts).
    time.advance(60_000);
    const again = await postJson(
      app(),
      "/api/newsletter",
      { email: "Reader@Example.com" },
      { "User-Agent": "Someone else/1.0" },
    );
    expect(again.status).toBe(201);
    expect(((await again.json()) as { id: string }).id).not.toBe(id);
    expect((await findSubscriptionById(open.db, id))?.status).toBe("unsubscribed");
    expect(await isSuppressed(open.db, hash)).toBe(true);
    const history = await open.db
      .selectFrom("consents")
      .select(["action", "userAgent"])
      .orderBy("createdAt")
      .orderBy("action")
      .execute();
    expect(history.map((row) => row.action)).toEqual(["given", "withdrawn"]);
  });

  it("treats staff setting a subscriber to unsubscribed as an opt-out", async () => {
    await seedAdmin(open.db);
    const id = await subscribe();
    const cookie = await signIn(app());
    expect(
      (await send(app(), "PATCH", `/api/admin/newsletter/${id}`, { cookie, body: { status: "unsubscribed" } })).status,
    ).toBe(200);
    expect(await withdrawals()).toMatchObject([{ source: "admin", recordId: id }]);
    expect(await isSuppressed(open.db, emailHash(keys, "reader@example.com"))).toBe(true);
  });

  it("needs JSON on the page's endpoint", async () => {
    const id = await subscribe();
    const response = await app().request("/api/unsubscribe", {
      method: "POST",
      headers: { "Content-Type": "text/plain" },
      body: unsubscribeToken(keys, id),
    });
    expect(response.status).toBe(415);
  });
});
