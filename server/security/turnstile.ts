import { z } from "zod";
import type { BotCheckVerifier } from "./bot-check";

// The only code that talks to Cloudflare Turnstile's verifier (BOT_CHECK_PROVIDER=turnstile). Like the
// reCAPTCHA one (recaptcha.ts): tests inject their own verifier, or point this one at a local server.
// Turnstile sets no cookies; it answers success and the action the widget was given, with no score.

export const TURNSTILE_SITEVERIFY_URL = "https://challenges.cloudflare.com/turnstile/v0/siteverify";

const siteverifyResponse = z.object({
  success: z.boolean(),
  action: z.string().optional(),
  hostname: z.string().optional(),
  "error-codes": z.array(z.string()).optional(),
});

export interface TurnstileVerifierOptions {
  secret: string;
  fetch?: typeof globalThis.fetch;
  /** A slow verifier must not hold a submission up; past this the check counts as failed. */
  timeoutMs?: number;
  /** Cloudflare's siteverify address; a test's own server in tests. */
  url?: string;
}

export function createTurnstileVerifier({
  secret,
  fetch = globalThis.fetch,
  timeoutMs = 3_000,
  url = TURNSTILE_SITEVERIFY_URL,
}: TurnstileVerifierOptions): BotCheckVerifier {
  const ask = async (token: string, signal: AbortSignal) => {
    const response = await fetch(url, {
      method: "POST",
      body: new URLSearchParams({ secret, response: token }),
      signal,
      redirect: "error",
    });
    if (!response.ok) throw new Error(`Turnstile siteverify answered HTTP ${response.status}`);
    return siteverifyResponse.parse(await response.json());
  };
  return {
    provider: "turnstile",
    async verify(token) {
      const signal = AbortSignal.timeout(timeoutMs);
      // As in recaptcha.ts: the race bounds a fetch that ignores the signal.
      let onAbort!: () => void;
      const timedOut = new Promise<never>((_resolve, reject) => {
        onAbort = () => reject(signal.reason ?? new Error("Turnstile siteverify timed out"));
        signal.addEventListener("abort", onAbort, { once: true });
      });
      try {
        return await Promise.race([ask(token, signal), timedOut]);
      } finally {
        signal.removeEventListener("abort", onAbort);
      }
    },
  };
}
