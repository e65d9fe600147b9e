import { expect, it } from "vitest";
import { findContactById, findLeadById, findSubscriptionById } from "../db/store";
import type { SiteverifyResult } from "../security/recaptcha";
import { describeStorage } from "../test-support/storage-suite";
import {
  fakeVerifier,
  postJson,
  testApp,
  validContact,
  validDemo,
  validNewsletter,
  validSignup,
} from "../test-support/app";

// The verifier is replaced through createApp's deps; the verdict logic and storage are the real ones.

const good = (action: string): SiteverifyResult => ({ success: true, action, score: 0.9 });

describeStorage("bot check verdicts", (open) => {
  async function contactVerdict(
    answer: SiteverifyResult | Error,
    body: Record<string, unknown> = { ...validContact, recaptchaToken: "token-1" },
  ) {
    const { verifier, tokens } = fakeVerifier(answer);
    const response = await postJson(testApp(open.db, { verifier }), "/api/contacts", body);
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    return { verdict: (await findContactById(open.db, id))?.botCheck, tokens };
  }

  it("stores passed for a successful token with the form's action and a good score", async () => {
    const { verdict, tokens } = await contactVerdict(good("contact"));
    expect(verdict).toBe("passed");
    expect(tokens).toEqual(["token-1"]);
  });

  it("stores failed for a score below RECAPTCHA_MIN_SCORE", async () => {
    expect((await contactVerdict({ success: true, action: "contact", score: 0.4 })).verdict).toBe("failed");
  });

  it("stores passed for a score exactly at the minimum", async () => {
    expect((await contactVerdict({ success: true, action: "contact", score: 0.5 })).verdict).toBe("passed");
  });

  it("stores failed for another form's action", async () => {
    expect((await contactVerdict(good("signup"))).verdict).toBe("failed");
  });

  it("stores failed when Google says success false", async () => {
    expect((await contactVerdict({ success: false, "error-codes": ["timeout-or-duplicate"] })).verdict).toBe("failed");
  });

  it("stores failed (and still keeps the lead) when the verifier throws", async () => {
    expect((await contactVerdict(new Error("The operation was aborted due to timeout"))).verdict).toBe("failed");
  });

  it("stores missing, without calling the verifier, when a secret is set but no token comes", async () => {
    const { verdict, tokens } = await contactVerdict(good("contact"), validContact);
    expect(verdict).toBe("missing");
    expect(tokens).toEqual([]);
  });

  it("stores missing for a null token", async () => {
    expect((await contactVerdict(good("contact"), { ...validContact, recaptchaToken: null })).verdict).toBe("missing");
  });

  it("stores skipped when no secret is configured", async () => {
    const response = await postJson(testApp(open.db, { verifier: null }), "/api/contacts", {
      ...validContact,
      recaptchaToken: "t",
    });
    const { id } = (await response.json()) as { id: string };
    expect((await findContactById(open.db, id))?.botCheck).toBe("skipped");
  });

  it.each([
    ["signup", validSignup, "signup", "passed"],
    ["signup", validSignup, "demo", "failed"],
    ["demo", validDemo, "demo", "passed"],
    ["demo", validDemo, "signup", "failed"],
  ])("checks a %s lead against the action %s -> %s", async (_type, body, action, expected) => {
    const { verifier } = fakeVerifier(good(action));
    const response = await postJson(testApp(open.db, { verifier }), "/api/leads", { ...body, recaptchaToken: "t" });
    const { id } = (await response.json()) as { id: string };
    expect((await findLeadById(open.db, id))?.botCheck).toBe(expected);
  });

  it.each([
    ["newsletter", "passed"],
    ["cta_newsletter", "passed"],
    ["contact", "failed"],
  ])("accepts the newsletter action %s -> %s", async (action, expected) => {
    const { verifier } = fakeVerifier(good(action));
    const response = await postJson(testApp(open.db, { verifier }), "/api/newsletter", {
      ...validNewsletter,
      recaptchaToken: "t",
    });
    const { id } = (await response.json()) as { id: string };
    expect((await findSubscriptionById(open.db, id))?.botCheck).toBe(expected);
  });
});
