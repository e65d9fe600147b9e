import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findContactById, findLeadById } from "../db/store";
import { createLogger } from "../logger";
import { postJson, testApp, testConfig, validContact, validSignup } from "../test-support/app";
import { describeStorage } from "../test-support/storage-suite";
import { judgeBotCheck, type BotCheckAnswer, type BotCheckVerifier } from "./bot-check";
import { buildContentSecurityPolicy } from "./csp";
import { createTurnstileVerifier } from "./turnstile";

// Cloudflare Turnstile as the bot check (BOT_CHECK_PROVIDER=turnstile): the verifier against a local
// stand-in for Cloudflare's siteverify (the real one is out of reach here), the verdicts, the CSP, and
// submissions with the verifier replaced as the reCAPTCHA one is.

describe("the Turnstile verifier", () => {
  let server: Server;
  let url: string;
  const received: URLSearchParams[] = [];
  let answer: { status: number; body: unknown; delayMs?: number } = {
    status: 200,
    body: { success: true, action: "contact" },
  };

  beforeAll(async () => {
    server = createServer((request, response) => {
      let text = "";
      request.on("data", (chunk: Buffer) => (text += chunk.toString()));
      request.on("end", () => {
        received.push(new URLSearchParams(text));
        setTimeout(() => {
          response.writeHead(answer.status, { "content-type": "application/json" });
          response.end(typeof answer.body === "string" ? answer.body : JSON.stringify(answer.body));
        }, answer.delayMs ?? 0);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/turnstile/v0/siteverify`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it("posts the secret and the token, and reads Cloudflare's answer", async () => {
    answer = { status: 200, body: { success: true, action: "contact", hostname: "erf.test", "error-codes": [] } };
    const verifier = createTurnstileVerifier({ secret: "ts-secret", url });
    expect(verifier.provider).toBe("turnstile");
    expect(await verifier.verify("token-1")).toMatchObject({ success: true, action: "contact" });
    expect(Object.fromEntries(received.at(-1)!)).toEqual({ secret: "ts-secret", response: "token-1" });
  });

  it("throws on an error status, an answer that is not Cloudflare's, and past its time limit", async () => {
    const verifier = createTurnstileVerifier({ secret: "s", url, timeoutMs: 200 });
    answer = { status: 500, body: { error: "down" } };
    await expect(verifier.verify("t")).rejects.toThrow(/HTTP 500/);
    answer = { status: 200, body: "<html>not json</html>" };
    await expect(verifier.verify("t")).rejects.toThrow();
    answer = { status: 200, body: { ok: true } };
    await expect(verifier.verify("t")).rejects.toThrow();
    answer = { status: 200, body: { success: true, action: "contact" }, delayMs: 1_000 };
    await expect(verifier.verify("t")).rejects.toThrow();
  });

  it("judges passed on success with the form's action, with no score to reach", async () => {
    const judge = (verifier: BotCheckVerifier | null, token: string | null) =>
      judgeBotCheck({ verifier, token, actions: ["contact"], minScore: 0.5, logger: createLogger("silent") });
    const turnstile = createTurnstileVerifier({ secret: "s", url });
    answer = { status: 200, body: { success: true, action: "contact" } };
    expect(await judge(turnstile, "t")).toBe("passed");
    answer = { status: 200, body: { success: true, action: "signup" } };
    expect(await judge(turnstile, "t")).toBe("failed");
    answer = { status: 200, body: { success: false, "error-codes": ["timeout-or-duplicate"] } };
    expect(await judge(turnstile, "t")).toBe("failed");
    answer = { status: 503, body: {} };
    expect(await judge(turnstile, "t")).toBe("failed");
    expect(await judge(turnstile, null)).toBe("missing");
    expect(await judge(null, "t")).toBe("skipped");
    // The same answer from reCAPTCHA, which must carry a score, fails.
    const recaptchaLike: BotCheckVerifier = { verify: async () => ({ success: true, action: "contact" }) };
    expect(await judge(recaptchaLike, "t")).toBe("failed");
  });
});

describe("the CSP with Turnstile", () => {
  it("allows Cloudflare's script and frame only when Turnstile is configured, and Google's only for reCAPTCHA", () => {
    const none = buildContentSecurityPolicy({ scriptHashes: [], recaptcha: false });
    expect(none).not.toContain("challenges.cloudflare.com");
    expect(none).not.toContain("frame-src");
    const turnstile = buildContentSecurityPolicy({ scriptHashes: [], recaptcha: false, turnstile: true });
    expect(turnstile).toMatch(/script-src [^;]*https:\/\/challenges\.cloudflare\.com/);
    expect(turnstile).toContain("frame-src https://challenges.cloudflare.com");
    expect(turnstile).not.toContain("google");
  });
});

describeStorage("submissions with the Turnstile verifier replaced", (open) => {
  function replaced(answer: BotCheckAnswer | Error) {
    const tokens: string[] = [];
    const verifier: BotCheckVerifier = {
      provider: "turnstile",
      async verify(token) {
        tokens.push(token);
        if (answer instanceof Error) throw answer;
        return answer;
      },
    };
    return { verifier, tokens };
  }

  it("stores passed, failed and missing, and keeps every lead and message whatever the verdict", async () => {
    const pass = replaced({ success: true, action: "contact" });
    const sent = await postJson(testApp(open.db, { verifier: pass.verifier }), "/api/contacts", {
      ...validContact,
      recaptchaToken: "ts-token",
    });
    expect(sent.status).toBe(201);
    expect((await findContactById(open.db, ((await sent.json()) as { id: string }).id))?.botCheck).toBe("passed");
    expect(pass.tokens).toEqual(["ts-token"]);

    for (const [answer, body, verdict] of [
      [{ success: false }, { ...validSignup, recaptchaToken: "t" }, "failed"],
      [new Error("unreachable"), { ...validSignup, email: "b@example.co.za", recaptchaToken: "t" }, "failed"],
      [{ success: true, action: "signup" }, { ...validSignup, email: "c@example.co.za" }, "missing"],
    ] as const) {
      const response = await postJson(testApp(open.db, { verifier: replaced(answer).verifier }), "/api/leads", body);
      expect(response.status).toBe(201);
      expect((await findLeadById(open.db, ((await response.json()) as { id: string }).id))?.botCheck).toBe(verdict);
    }
  });

  it("sends Cloudflare's hosts in the CSP only when Turnstile is the provider with a site key", async () => {
    const csp = async (overrides: Parameters<typeof testConfig>[0]) => {
      const app = testApp(open.db, { config: testConfig(overrides) });
      return (await app.request("/healthz")).headers.get("content-security-policy") ?? "";
    };
    expect(await csp({ botCheckProvider: "turnstile", turnstileSiteKey: "0x4AAA" })).toContain(
      "https://challenges.cloudflare.com",
    );
    expect(await csp({ botCheckProvider: "recaptcha", turnstileSiteKey: "0x4AAA" })).not.toContain(
      "challenges.cloudflare.com",
    );
    expect(await csp({ botCheckProvider: "turnstile", turnstileSiteKey: null, recaptchaSiteKey: "6Lc" })).not.toContain(
      "google",
    );
  });
});
