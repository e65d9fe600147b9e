import { createApp, type AppDeps } from "../app";
import type { Clock } from "../clock";
import type { Db } from "../db/store";
import { configFromEnv, type Config } from "../env";
import type { RecaptchaVerifier, SiteverifyResult } from "../security/recaptcha";
import { fastHasher } from "./admin";
import { TEST_APP_SECRET } from "./secrets";
import { appClocks } from "./totp";
import { SIGNUP_FIELDS } from "../openapi/examples";

/** A fixed APP_SECRET for tests (what main.ts would resolve from the env or data/app-secret). */
export { TEST_APP_SECRET } from "./secrets";

/**
 * A silent config with a limit high enough that only the rate-limit tests meet it, and a spam threshold
 * nothing reaches (a score is at most 100): suites post one fixture's message from many addresses in a
 * minute, which is what the repeated-content signal is for. The spam suites set their own threshold.
 */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...configFromEnv({
      LOG_LEVEL: "silent",
      RATE_LIMIT_PER_MINUTE: "1000",
      APP_SECRET: TEST_APP_SECRET,
      SPAM_THRESHOLD: "100",
    }),
    ...overrides,
  };
}

/** What a posted submission with no render stamp and nothing else spammy scores (src/domain/spam.ts). */
export const POSTED_SCORE = { spamScore: 10, spamSignals: "no-render-stamp", spam: false } as const;

export function manualClock(start = "2025-03-01T10:00:00.000Z") {
  let now = new Date(start).getTime();
  const clock: Clock = () => new Date(now);
  return { clock, advance: (ms: number) => void (now += ms) };
}

/** A stand-in for Google's verifier, answering with a fixed result (or failing). */
export function fakeVerifier(answer: SiteverifyResult | Error) {
  const tokens: string[] = [];
  const verifier: RecaptchaVerifier = {
    async verify(token) {
      tokens.push(token);
      if (answer instanceof Error) throw answer;
      return answer;
    },
  };
  return { verifier, tokens };
}

export function testApp(db: Db, deps: Partial<Omit<AppDeps, "db">> = {}) {
  const app = createApp({ db, config: testConfig(), verifier: null, passwordHasher: fastHasher, ...deps });
  // Sign-ins compute their TOTP codes on the app's clock (test-support/totp.ts).
  if (deps.clock) appClocks.set(app, deps.clock);
  return app;
}

type App = ReturnType<typeof createApp>;

export function postJson(app: App, path: string, body: unknown, headers: Record<string, string> = {}) {
  return app.request(path, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

export const validContact = {
  firstName: "Naledi",
  lastName: "Mokoena",
  email: "Naledi@Example.co.za",
  phone: "+27 82 555 0101",
  message: "Please call me about 40 units in Sandton.",
};

/** The API description's example signup, without its page and attribution. */
export const validSignup = SIGNUP_FIELDS;

export const validDemo = {
  type: "demo",
  firstName: "Ama",
  lastName: "Owusu",
  email: "ama@example.com",
  phone: "+233 20 000 0000",
  companyName: "Accra Estates",
  jobTitle: "Operations Lead",
  organizationType: "investor",
  propertyCount: "51-200",
  challenges: "Arrears tracking across 3 buildings",
};

export const validNewsletter = { email: "reader@example.com" };
