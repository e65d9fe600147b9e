import { Hono, type Context } from "hono";
import { z } from "zod";
import type { AuditAction } from "../../src/domain/privacy";
import { fieldErrors } from "../../src/domain/schemas";
import { appendAudit, findAdminByEmail, normalizeEmail, recordSignIn, unusedRecoveryCodes, type Db } from "../db/store";
import { clientIp } from "../http/client-ip";
import { clientBucket } from "../security/client-bucket";
import { limitBody, readJsonBody } from "../http/json-body";
import { readDeviceToken, setDeviceCookie } from "../auth/device-cookie";
import type { DeviceTokens } from "../auth/device-token";
import type { LoginAttempt, LoginThrottle } from "../auth/login-throttle";
import { MAX_PASSWORD_LENGTH, type PasswordHasher } from "../auth/passwords";
import { unauthenticated } from "../auth/require-session";
import { currentStaff } from "../auth/roles";
import { verifySecondFactor, type SecondFactor } from "../auth/second-factor";
import { clearSessionCookie, readSessionToken, setSessionCookie } from "../auth/session-cookie";
import type { SessionStore } from "../auth/sessions";
import type { Clock } from "../clock";
import { requestContext } from "../http/request-context";
import type { PrivacyKeys } from "../privacy/keys";
import { describe } from "../openapi/describe";
import * as answer from "../openapi/answers";

export interface AuthDeps {
  db: Db;
  sessions: SessionStore;
  throttle: LoginThrottle;
  devices: DeviceTokens;
  hasher: PasswordHasher;
  keys: PrivacyKeys;
  trustProxy: number;
  clock: Clock;
}

const loginInput = z.object({
  email: z.string({ error: "Required" }).trim().min(1, "Required").max(254, "At most 254 characters"),
  password: z
    .string({ error: "Required" })
    .min(1, "Required")
    .max(MAX_PASSWORD_LENGTH, `At most ${MAX_PASSWORD_LENGTH} characters`),
  // A TOTP code or a recovery code, once the first try answered two-factor-required; spaces are ignored.
  code: z
    .string({ error: "Send the code as text" })
    .transform((value) => value.replace(/\s+/g, ""))
    .pipe(z.string().max(32, "At most 32 characters"))
    .optional(),
});

// One answer for an unknown email and a wrong password, so the API cannot be used to list accounts.
const invalidCredential = { error: "invalid-credential", message: "Invalid email or password." } as const;
const twoFactorRequired = {
  error: "two-factor-required",
  message: "Enter the 6-digit code from your authenticator app, or one of your recovery codes.",
} as const;
const invalidCode = {
  error: "invalid-code",
  message: "That code is not right or was used already. Enter the current code from your authenticator app.",
} as const;
const disabled = { error: "disabled", message: "This account is disabled. Ask an admin to enable it." } as const;

/** /api/auth: sign in, sign out, and who is signed in. Same-origin JSON is enforced by app.ts. */
export function authRoutes({ db, sessions, throttle, devices, hasher, keys, trustProxy, clock }: AuthDeps) {
  /**
   * Sign-ins, failures and sign-outs go to the audit log. A failure is "anonymous"; it names the account
   * only when one exists, so addresses people mistype (maybe their private ones) are not collected.
   */
  const audit = async (c: Context, actor: string, action: AuditAction, details: Record<string, unknown> = {}) =>
    appendAudit(db, { actor, action, details, ...requestContext(c, trustProxy), at: clock() });

  return new Hono()
    .post(
      "/login",
      describe({
        tag: "Auth",
        summary: "Sign in",
        description:
          "Sets the session cookie. With two-factor on, the first try answers 401 two-factor-required; send the code with the same email and password.",
        access: "public",
        body: loginInput,
        answers: { 200: { description: "Signed in: the session cookie is set", schema: answer.staffSession } },
        refusals: [401, 403, 429],
      }),
      limitBody,
      async (c) => {
        const body = await readJsonBody(c);
        if (!body.ok) return body.response;
        const parsed = loginInput.safeParse(body.value);
        if (!parsed.success) return c.json({ error: "validation", fields: fieldErrors(parsed.error) }, 400);
        const email = normalizeEmail(parsed.data.email);
        const code = parsed.data.code || null;
        // A browser that signed in to this account before is throttled on its own (login-throttle.ts).
        const attempt: LoginAttempt = {
          email,
          ip: clientBucket(clientIp(c, trustProxy)),
          device: devices.verify(readDeviceToken(c), email),
        };
        // Shown in the audit log, so staff can see why a locked account still let its owner in.
        const browser = attempt.device === null ? {} : { browser: "known" };
        // The slot is taken before the password is checked, so parallel guesses cannot overshoot the limit.
        const decision = await throttle.reserve(attempt);
        if (!decision.allowed) {
          const account = await findAdminByEmail(db, email);
          await audit(c, "anonymous", "auth.login-failed", {
            reason: "too-many-requests",
            ...(account && { account: account.email }),
            ...browser,
          });
          c.header("Retry-After", String(decision.retryAfterSeconds));
          const minutes = Math.ceil(decision.retryAfterSeconds / 60);
          return c.json(
            {
              error: "too-many-requests",
              message: `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
            },
            429,
          );
        }
        const admin = await findAdminByEmail(db, email);
        const verified = admin
          ? await hasher.verify(admin.passwordHash, parsed.data.password)
          : await hasher.verifyDummy(parsed.data.password);
        if (!admin || !verified) {
          await audit(c, "anonymous", "auth.login-failed", {
            reason: "invalid-credential",
            ...(admin && { account: admin.email }),
            ...browser,
          });
          return c.json(invalidCredential, 401);
        }
        // The password is right. A wrong second factor keeps its slot: it counts toward the lockout like
        // a wrong password, so the six digits cannot be guessed either.
        let factor: SecondFactor | null = null;
        if (admin.totpSecret !== null) {
          if (code === null) {
            await throttle.release(attempt);
            return c.json(twoFactorRequired, 401);
          }
          factor = await verifySecondFactor(db, keys, admin, code, clock());
          if (!factor) {
            await audit(c, "anonymous", "auth.login-failed", {
              reason: "invalid-code",
              account: admin.email,
              ...browser,
            });
            return c.json(invalidCode, 401);
          }
        }
        await throttle.release(attempt);
        if (admin.disabledAt !== null) {
          await audit(c, "anonymous", "auth.login-failed", { reason: "disabled", account: admin.email, ...browser });
          return c.json(disabled, 403);
        }
        // A new token at every login; the one the browser held before (if any) stops working.
        const previous = readSessionToken(c);
        if (previous) await sessions.end(previous);
        const started = await sessions.start(admin.id);
        setSessionCookie(c, started.token);
        // A fresh device token at every login (as OWASP has it), so its failure count starts from zero.
        setDeviceCookie(c, devices.issue(email));
        await recordSignIn(db, admin.id, clock());
        if (factor === "recovery-code")
          await audit(c, admin.email, "auth.recovery-code-used", {
            remaining: await unusedRecoveryCodes(db, admin.id),
          });
        await audit(c, admin.email, "auth.login", { ...browser, ...(factor && { twoFactor: factor }) });
        return c.json(
          currentStaff({
            adminId: admin.id,
            email: admin.email,
            name: admin.name,
            role: admin.role,
            twoFactor: admin.totpSecret !== null,
          }),
        );
      },
    )
    .post(
      "/logout",
      describe({
        tag: "Auth",
        summary: "Sign out",
        description: "Ends the session, if any, and clears its cookie.",
        access: "public",
        answers: { 204: { description: "Signed out", schema: null } },
      }),
      async (c) => {
        const token = readSessionToken(c);
        if (token) {
          const admin = await sessions.resolve(token, { touch: false });
          await sessions.end(token);
          if (admin) await audit(c, admin.email, "auth.logout");
        }
        clearSessionCookie(c);
        return c.body(null, 204);
      },
    )
    .get(
      "/session",
      describe({
        tag: "Auth",
        summary: "Who is signed in",
        access: "session",
        answers: { 200: { description: "The signed-in staff member", schema: answer.staffSession } },
      }),
      async (c) => {
        const token = readSessionToken(c);
        const admin = token ? await sessions.resolve(token) : null;
        return admin ? c.json(currentStaff(admin)) : c.json(unauthenticated, 401);
      },
    );
}
