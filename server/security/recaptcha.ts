import { z } from "zod";

// The only code that talks to Google's reCAPTCHA verifier. Tests inject their own RecaptchaVerifier
// into createApp instead of reaching the network.

const SITEVERIFY_URL = "https://www.google.com/recaptcha/api/siteverify";

const siteverifyResponse = z.object({
  success: z.boolean(),
  action: z.string().optional(),
  score: z.number().optional(),
  hostname: z.string().optional(),
  "error-codes": z.array(z.string()).optional(),
});

export type SiteverifyResult = z.output<typeof siteverifyResponse>;

export interface RecaptchaVerifier {
  provider?: "recaptcha";
  /** Google's verdict on a token; throws when the verifier cannot be reached or answers garbage. */
  verify(token: string): Promise<SiteverifyResult>;
}

export interface RecaptchaVerifierOptions {
  secret: string;
  fetch?: typeof globalThis.fetch;
  /** A slow verifier must not hold a submission up; past this the check counts as failed. */
  timeoutMs?: number;
}

export function createRecaptchaVerifier({
  secret,
  fetch = globalThis.fetch,
  timeoutMs = 3_000,
}: RecaptchaVerifierOptions): RecaptchaVerifier {
  const ask = async (token: string, signal: AbortSignal) => {
    const response = await fetch(SITEVERIFY_URL, {
      method: "POST",
      body: new URLSearchParams({ secret, response: token }),
      signal,
    });
    if (!response.ok) throw new Error(`reCAPTCHA siteverify answered HTTP ${response.status}`);
    return siteverifyResponse.parse(await response.json());
  };
  return {
    async verify(token) {
      const signal = AbortSignal.timeout(timeoutMs);
      // The signal stops a fetch that honours it; the race also bounds one that does not (a wrapped or
      // proxied fetch), so the time limit never depends on the transport.
      let onAbort!: () => void;
      const timedOut = new Promise<never>((_resolve, reject) => {
        onAbort = () => reject(signal.reason ?? new Error("reCAPTCHA siteverify timed out"));
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
