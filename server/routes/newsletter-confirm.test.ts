import { beforeEach, expect, it } from "vitest";
import { CONSENT_WORDING } from "../../src/domain/consent";
import { CONFIRMATION_RESEND_MS, CONFIRMATION_TTL_MS, isSuppressed, suppress } from "../db/store";
import type { Config } from "../env";
import { createLogger } from "../logger";
import { confirmationToken, derivePrivacyKeys, emailHash, unsubscribeToken } from "../privacy/keys";
import { latestConfirmationToken } from "../test-support/confirmations";
import { countRows } from "../test-support/databases";
import { describeStorage } from "../test-support/storage-suite";
import { manualClock, postJson, TEST_APP_SECRET, testApp, testConfig } from "../test-support/app";

// Item: an opt-out sticks until the person proves they want back in. The newsletter form cannot undo an
// unsubscribe or an erasure; it emails the address a signed, single-use, 48-hour link, and only a press
// on the page it opens subscribes again.

const keys = derivePrivacyKeys(TEST_APP_SECRET);
const READER = "reader@example.com";
const WITH_MAIL = { smtpUrl: "smtp://127.0.0.1:1" } satisfies Partial<Config>;

describeStorage("newsletter confirmation links", (open) => {
  let time = manualClock("2025-09-01T08:00:00.000Z");
  let lines: string[] = [];
  beforeEach(() => {
    time = manualClock("2025-09-01T08:00:00.000Z");
    lines = [];
  });
  const app = (config: Partial<Config> = WITH_MAIL) =>
    testApp(open.db, {
      clock: time.clock,
      config: testConfig(config),
      logger: createLogger("info", (line) => lines.push(line)),
    });

  const subscribe = (email = READER, config: Partial<Config> = WITH_MAIL, userAgent = "Reader/1.0") =>
    postJson(
      app(config),
      "/api/newsletter",
      { email, consentVersion: CONSENT_WORDING.newsletter.version, sourcePath: "/" },
      { "User-Agent": userAgent },
    );
  /** The page's press, from a browser at `ip`. */
  const press = (
    token: string,
    { ip = "203.0.113.9", userAgent = "Reader's phone/2.0", config = WITH_MAIL as Partial<Config> } = {},
  ) =>
    app(config).request(
      "/api/newsletter/confirm",
      {
        method: "POST",
        headers: { "Content-Type": "application/json", "User-Agent": userAgent },
        body: JSON.stringify({ token, consentVersion: CONSENT_WORDING.newsletter.version }),
      },
      { incoming: { socket: { remoteAddress: ip } } },
    );
  const row = () => open.db.selectFrom("newsletter").selectAll().where("email", "=", READER).executeTakeFirst();
  const consents = () => open.db.selectFrom("consents").selectAll().orderBy("createdAt").orderBy("action").execute();
  const queued = () =>
    open.db.selectFrom("outbox").select(["kind", "state", "recordId"]).orderBy("createdAt").orderBy("kind").execute();
  const suppressed = () => isSuppressed(open.db, emailHash(keys, READER));

  /** Subscribed, then unsubscribed by the welcome email's link. */
  async function optedOut(): Promise<string> {
    expect((await subscribe()).status).toBe(201);
    const id = (await row())!.id;
    expect((await postJson(app(), "/api/unsubscribe", { token: unsubscribeToken(keys, id) })).status).toBe(200);
    time.advance(60_000);
    return id;
  }

  it("keeps an opt-out when the address is submitted again: no consent, no welcome, a confirmation email instead", async () => {
    const id = await optedOut();
    const again = await subscribe(READER, WITH_MAIL, "Someone else/9.9");
    expect(again.status).toBe(201);
    expect(await row()).toMatchObject({ id, status: "unsubscribed" });
    expect(await suppressed()).toBe(true);
    expect((await consents()).map((consent) => consent.action)).toEqual(["given", "withdrawn"]);
    const confirmation = await open.db.selectFrom("newsletterConfirmations").selectAll().executeTakeFirstOrThrow();
    expect(confirmation).toMatchObject({ email: READER, confirmedAt: null, createdAt: time.clock().toISOString() });
    expect(Date.parse(confirmation.expiresAt) - Date.parse(confirmation.createdAt)).toBe(CONFIRMATION_TTL_MS);
    // The first welcome was cancelled by the unsubscribe; no second one, one confirmation email.
    expect(await queued()).toEqual([
      { kind: "welcome", state: "cancelled", recordId: id },
      { kind: "newsletter-confirmation", state: "pending", recordId: confirmation.id },
    ]);
  });

  it("subscribes again on a press of the link's page, once: suppression lifted, consent with the click's time, IP and user agent", async () => {
    const id = await optedOut();
    await subscribe(READER, WITH_MAIL, "Someone else/9.9");
    const token = await latestConfirmationToken(open.db, READER);
    time.advance(47 * 60 * 60 * 1000);
    const clickedAt = time.clock().toISOString();

    const first = await press(token);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ status: "confirmed" });
    expect(await row()).toMatchObject({ id, status: "subscribed", statusChangedAt: clickedAt });
    expect(await suppressed()).toBe(false);
    const given = (await consents()).at(-1);
    expect(given).toMatchObject({
      email: READER,
      purpose: "newsletter",
      action: "given",
      source: "confirmation-link",
      wordingVersion: CONSENT_WORDING.newsletter.version,
      wording: CONSENT_WORDING.newsletter.text,
      ip: "203.0.113.9",
      userAgent: "Reader's phone/2.0",
      recordCollection: "newsletter",
      recordId: id,
      createdAt: clickedAt,
    });
    const welcomes = async () =>
      (await queued()).filter((message) => message.kind === "welcome" && message.state === "pending");
    expect(await welcomes()).toEqual([{ kind: "welcome", state: "pending", recordId: id }]);

    // A second press (or a reload, a second device) changes nothing and says so.
    time.advance(60_000);
    const second = await press(token, { ip: "198.51.100.1" });
    expect(second.status).toBe(200);
    expect(await second.json()).toEqual({ status: "already-confirmed" });
    expect(await countRows(open.db, "consents")).toBe(3);
    expect(await welcomes()).toHaveLength(1);
    expect(await row()).toMatchObject({ status: "subscribed", statusChangedAt: clickedAt });
  });

  it("refuses the link after 48 hours, and the opt-out stays", async () => {
    await optedOut();
    await subscribe();
    const token = await latestConfirmationToken(open.db, READER);
    time.advance(CONFIRMATION_TTL_MS);
    const late = await press(token);
    expect(late.status).toBe(410);
    expect(await late.json()).toMatchObject({ error: "expired-token" });
    expect(await row()).toMatchObject({ status: "unsubscribed" });
    expect(await suppressed()).toBe(true);
    expect(await countRows(open.db, "consents")).toBe(2);
  });

  it("refuses forged, mangled and unsubscribe tokens with 400, changing nothing", async () => {
    const id = await optedOut();
    await subscribe();
    const token = await latestConfirmationToken(open.db, READER);
    const [confirmationId] = token.split(".");
    for (const forged of [
      `${confirmationId}.${"A".repeat(43)}`,
      confirmationToken(derivePrivacyKeys("another-secret-of-at-least-32-characters!"), confirmationId!),
      unsubscribeToken(keys, confirmationId!),
      token.slice(0, -1),
      "",
      "x".repeat(201),
    ]) {
      const response = await press(forged);
      expect(response.status, forged).toBe(400);
      expect(await response.json()).toMatchObject({ error: "invalid-token" });
    }
    const badVersion = await postJson(app(), "/api/newsletter/confirm", {
      token,
      consentVersion: "newsletter-1999-01",
    });
    expect(badVersion.status).toBe(400);
    expect(((await badVersion.json()) as { fields: Record<string, string> }).fields.consentVersion).toEqual(
      expect.any(String),
    );
    expect(await row()).toMatchObject({ id, status: "unsubscribed" });
    expect(await suppressed()).toBe(true);
  });

  it("brings back an erased address only through the link, as a new subscription", async () => {
    await suppress(open.db, emailHash(keys, READER), "erased", time.clock().toISOString());
    expect((await subscribe()).status).toBe(201);
    expect(await row()).toBeUndefined();
    expect(await suppressed()).toBe(true);
    expect(await countRows(open.db, "consents")).toBe(0);

    const response = await press(await latestConfirmationToken(open.db, READER));
    expect(await response.json()).toEqual({ status: "confirmed" });
    expect(await row()).toMatchObject({ status: "subscribed", createdAt: time.clock().toISOString() });
    expect(await suppressed()).toBe(false);
    expect((await consents()).map((consent) => [consent.action, consent.source])).toEqual([
      ["given", "confirmation-link"],
    ]);
  });

  it("sends no second confirmation email within ten minutes, however often the form is sent", async () => {
    await optedOut();
    for (let i = 0; i < 5; i++) expect((await subscribe()).status).toBe(201);
    expect(await countRows(open.db, "newsletterConfirmations")).toBe(1);
    time.advance(CONFIRMATION_RESEND_MS + 1);
    await subscribe();
    expect(await countRows(open.db, "newsletterConfirmations")).toBe(2);
    expect((await queued()).filter((message) => message.kind === "newsletter-confirmation")).toHaveLength(2);

    // Either link subscribes; after one is used the other says so.
    const [older, newer] = await open.db
      .selectFrom("newsletterConfirmations")
      .select("id")
      .orderBy("createdAt")
      .execute();
    expect(await (await press(confirmationToken(keys, newer!.id))).json()).toEqual({ status: "confirmed" });
    expect(await (await press(confirmationToken(keys, older!.id))).json()).toEqual({ status: "already-confirmed" });
    expect(await countRows(open.db, "consents")).toBe(3);
  });

  it("without SMTP keeps a suppressed address suppressed and says so in the log", async () => {
    const noMail: Partial<Config> = { smtpUrl: null };
    await optedOut();
    lines = [];
    expect((await subscribe(READER, noMail)).status).toBe(201);
    expect(await row()).toMatchObject({ status: "unsubscribed" });
    expect(await suppressed()).toBe(true);
    expect(await countRows(open.db, "newsletterConfirmations")).toBe(0);
    const logged = lines
      .map((line) => JSON.parse(line) as { msg: string; level: string; reason?: string })
      .filter((entry) => entry.msg === "newsletter-confirmation-unsent");
    expect(logged).toMatchObject([{ level: "warn", reason: "SMTP_URL is not set" }]);
    // The address is personal data: it stays out of the log.
    expect(lines.join("\n")).not.toContain(READER);
  });
});
