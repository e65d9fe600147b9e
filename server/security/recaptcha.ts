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
  /** Google's verdict on a token; throws when the verifier cannot be reached or answers garbage. */
  verify(token: string): Promise<SiteverifyResult>;
}

export interface RecaptchaVerifierOptions {
  secret: string;
  fetch?: typeof globalThis.fetch;
  /** A slow verifier must not hold a submission up; past this the check counts as failed. */
  timeoutMs?: number;
}

export function createRecaptchaVerifier({ secret, fetch = globalThis.fetch, timeoutMs = 3_000 }: RecaptchaVerifierOptions): RecaptchaVerifier {
  return {
    async verify(token) {
      const response = await fetch(SITEVERIFY_URL, {
        method: "POST",
        body: new URLSearchParams({ secret, response: token }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) throw new Error(`reCAPTCHA siteverify answered HTTP ${response.status}`);
      return siteverifyResponse.parse(await response.json());
    },
  };
}
