import { expect, it } from "vitest";
import { CONFIRMATION_RESEND_MS } from "../db/store";
import { latestConfirmationToken } from "../test-support/confirmations";
import { countRows } from "../test-support/databases";
import { describeStorage } from "../test-support/storage-suite";
import { manualClock, postJson, testApp, testConfig } from "../test-support/app";

// NEWSLETTER_DOUBLE_OPT_IN: off, the spec's subscribe-at-once; on, every new subscription is "pending"
// until its address confirms by the emailed link (its 7-day purge: privacy/retention.test.ts).

describeStorage("NEWSLETTER_DOUBLE_OPT_IN", (open) => {
  const time = manualClock("2025-10-01T08:00:00.000Z");
  const app = (doubleOptIn: boolean) =>
    testApp(open.db, {
      clock: time.clock,
      config: testConfig({ smtpUrl: "smtp://127.0.0.1:1", newsletterDoubleOptIn: doubleOptIn }),
    });
  const row = (email: string) =>
    open.db.selectFrom("newsletter").select(["id", "status"]).where("email", "=", email).executeTakeFirst();
  const kinds = () => open.db.selectFrom("outbox").select("kind").orderBy("createdAt").orderBy("kind").execute();

  it("on: a new address waits as pending, with no consent or welcome, until its link is pressed", async () => {
    const response = await postJson(app(true), "/api/newsletter", { email: "new@example.com" });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    expect(await row("new@example.com")).toEqual({ id, status: "pending" });
    expect(await countRows(open.db, "consents")).toBe(0);
    expect(await kinds()).toEqual([{ kind: "newsletter-confirmation" }]);

    const pressed = await postJson(app(true), "/api/newsletter/confirm", {
      token: await latestConfirmationToken(open.db, "new@example.com"),
    });
    expect(await pressed.json()).toEqual({ status: "confirmed" });
    expect(await row("new@example.com")).toEqual({ id, status: "subscribed" });
    expect(await open.db.selectFrom("consents").select(["action", "source", "recordId"]).execute()).toEqual([
      { action: "given", source: "confirmation-link", recordId: id },
    ]);
    expect(await kinds()).toEqual([{ kind: "newsletter-confirmation" }, { kind: "welcome" }]);
  });

  it("off: a new address is subscribed at once with the form's consent and a welcome, as the spec has it", async () => {
    await postJson(app(false), "/api/newsletter", { email: "new@example.com", sourcePath: "/" });
    expect(await row("new@example.com")).toMatchObject({ status: "subscribed" });
    expect(await open.db.selectFrom("consents").select(["action", "source"]).execute()).toEqual([
      { action: "given", source: "/" },
    ]);
    expect(await kinds()).toEqual([{ kind: "welcome" }]);
    expect(await countRows(open.db, "newsletterConfirmations")).toBe(0);
  });

  it("off again: a subscription left pending is subscribed by the next submission", async () => {
    await postJson(app(true), "/api/newsletter", { email: "late@example.com" });
    time.advance(CONFIRMATION_RESEND_MS);
    await postJson(app(false), "/api/newsletter", { email: "late@example.com" });
    expect(await row("late@example.com")).toMatchObject({ status: "subscribed" });
  });
});
