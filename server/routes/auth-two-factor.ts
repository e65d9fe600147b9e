import { Hono, type Context } from "hono";
import { z } from "zod";
import { BRAND } from "../../src/config/brand";
import type { AuditAction } from "../../src/domain/privacy";
import { fieldErrors } from "../../src/domain/schemas";
import {
  twoFactorDisableInput,
  twoFactorEnableInput,
  twoFactorSetupInput,
  type TwoFactorSetup,
} from "../../src/domain/staff";
import { disableTotp, enableTotp, findAdminById, setPendingTotpSecret, type AdminsTable, type Db } from "../db/store";
import { clientIp } from "../http/client-ip";
import { limitBody, readJsonBody } from "../http/json-body";
import { requestContext } from "../http/request-context";
import type { LoginThrottle } from "../auth/login-throttle";
import type { PasswordHasher } from "../auth/passwords";
import { newRecoveryCodes, recoveryCodeHash } from "../auth/recovery-codes";
import { unauthenticated, type AdminEnv } from "../auth/require-session";
import { verifySecondFactor, type SecondFactor } from "../auth/second-factor";
import { openSecret, sealSecret } from "../auth/secret-box";
import { readSessionToken } from "../auth/session-cookie";
import { hashSessionToken, type SessionStore } from "../auth/sessions";
import { matchTotpStep, newTotpSecret, otpauthUri } from "../auth/totp";
import type { Clock } from "../clock";
import type { PrivacyKeys } from "../privacy/keys";
import { clientBucket } from "../security/client-bucket";
import { describe } from "../openapi/describe";
import * as answer from "../openapi/answers";

// /api/auth/2fa: the signed-in account's own two-factor. Open to an admin who has not enrolled yet (it is
// how they enrol); requireSession is mounted by app.ts.
//
// A session alone changes nothing here (decision 0043, a "sudo" step as GitHub has): every request
// brings the password, checked again, and while a factor is on, setting up a new one and turning it off
// also bring a current code from the app (or an unused recovery code). Wrong proof counts toward the
// sign-in lockout. Enabling a new secret needs its code, which only the proven set-up handed out. A
// change or removal ends the account's other sessions and emails it through the outbox.

export interface TwoFactorDeps {
  db: Db;
  keys: PrivacyKeys;
  throttle: LoginThrottle;
  hasher: PasswordHasher;
  sessions: SessionStore;
  trustProxy: number;
  clock: Clock;
  /** SMTP is configured: the "two-factor was changed" email is queued. */
  mail: boolean;
  wakeOutbox: () => void;
}

const invalidCode = {
  error: "invalid-code",
  message: "That code is not right. Enter the current code from your authenticator app.",
  fields: { code: "That code is not right. Enter the current code from your authenticator app." },
} as const;
const invalidCurrentCode = {
  error: "invalid-code",
  message:
    "That code was not accepted. Enter the code your authenticator app shows now for this account, or an unused recovery code.",
  fields: {
    code: "That code was not accepted. Enter the code your authenticator app shows now for this account, or an unused recovery code.",
  },
} as const;
const invalidPassword = {
  error: "invalid-password",
  message: "That password is not right.",
  fields: { password: "That password is not right." },
} as const;
const codeRequired = {
  error: "validation",
  fields: { code: "Required: a current code from your authenticator app, or a recovery code" },
} as const;

type Proven = { ok: true; factor: SecondFactor | null } | { ok: false; response: Response };

export function twoFactorRoutes({
  db,
  keys,
  throttle,
  hasher,
  sessions,
  trustProxy,
  clock,
  mail,
  wakeOutbox,
}: TwoFactorDeps) {
  const audit = (c: Context<AdminEnv>, action: AuditAction, details: Record<string, unknown> = {}) => ({
    actor: c.get("admin").email,
    action,
    details,
    ...requestContext(c, trustProxy),
    at: clock(),
  });
  const read = async <S extends z.ZodType>(c: Context<AdminEnv>, schema: S) => {
    const body = await readJsonBody(c);
    if (!body.ok) return { ok: false as const, response: body.response };
    const parsed = schema.safeParse(body.value);
    if (!parsed.success)
      return { ok: false as const, response: c.json({ error: "validation", fields: fieldErrors(parsed.error) }, 400) };
    return { ok: true as const, value: parsed.data as z.infer<S> };
  };
  /** What follows a change: the other sessions end (this one stays), and the account is emailed. */
  const effects = (c: Context<AdminEnv>, admin: AdminsTable) => {
    const token = readSessionToken(c);
    return { keepSession: token ? hashSessionToken(token) : null, notify: mail ? admin.email : null };
  };
  const changed = (admin: AdminsTable) => {
    sessions.announceEnded(admin.id);
    if (mail) wakeOutbox();
  };

  /**
   * The sudo step: the password, and with `code` a second factor of the account (used up, as at sign-in).
   * Each try takes a slot of the sign-in lockout first, kept when the proof is wrong, so a stolen
   * session cannot guess either.
   */
  async function prove(
    c: Context<AdminEnv>,
    admin: AdminsTable,
    password: string,
    code: string | null,
  ): Promise<Proven> {
    const attempt = { email: admin.email, ip: clientBucket(clientIp(c, trustProxy)), device: null };
    const decision = await throttle.reserve(attempt);
    if (!decision.allowed) {
      c.header("Retry-After", String(decision.retryAfterSeconds));
      return {
        ok: false,
        response: c.json({ error: "too-many-requests", message: "Too many wrong attempts. Try again later." }, 429),
      };
    }
    if (!(await hasher.verify(admin.passwordHash, password)))
      return { ok: false, response: c.json(invalidPassword, 400) };
    let factor: SecondFactor | null = null;
    if (code !== null) {
      factor = await verifySecondFactor(db, keys, admin, code, clock());
      if (!factor) return { ok: false, response: c.json(invalidCurrentCode, 400) };
    }
    await throttle.release(attempt);
    return { ok: true, factor };
  }

  const account = async (c: Context<AdminEnv>) => findAdminById(db, c.get("admin").adminId);
  const gone = (c: Context) => c.json(unauthenticated, 401);

  return new Hono<AdminEnv>()
    .post(
      "/setup",
      describe({
        tag: "Auth",
        summary: "Start setting up two-factor",
        description:
          "Needs the password; with two-factor on, also `code`, a current code from the app or an unused recovery code (decision 0043). Wrong proof counts toward the sign-in lockout.",
        access: "session",
        body: twoFactorSetupInput,
        answers: {
          200: {
            description: "A new secret and its otpauth URI (the app turns it into a QR code)",
            schema: answer.twoFactorSetup,
          },
        },
        refusals: [429],
      }),
      limitBody,
      async (c) => {
        const input = await read(c, twoFactorSetupInput);
        if (!input.ok) return input.response;
        const admin = await account(c);
        if (!admin) return gone(c);
        const factorOn = admin.totpSecret !== null;
        if (factorOn && !input.value.code) return c.json(codeRequired, 400);
        const proof = await prove(c, admin, input.value.password, factorOn ? input.value.code! : null);
        if (!proof.ok) return proof.response;
        // A new secret each time, kept as pending: the one in use (if any) works until a code confirms this one.
        const secret = newTotpSecret();
        await setPendingTotpSecret(db, admin.id, sealSecret(keys.twoFactorSecret, admin.id, secret));
        const setup: TwoFactorSetup = { otpauthUri: otpauthUri(secret, admin.email, BRAND.name), secret };
        return c.json(setup);
      },
    )
    .post(
      "/enable",
      describe({
        tag: "Auth",
        summary: "Turn two-factor on with a code from the app",
        description:
          "Needs the password and a code of the secret the last set-up gave. Replacing a factor in use ends the account's other sessions and emails it.",
        access: "session",
        body: twoFactorEnableInput,
        answers: {
          200: {
            description: "On: the recovery codes, shown once",
            schema: z.object({ recoveryCodes: z.array(z.string()) }),
          },
        },
        refusals: [409, 429],
      }),
      limitBody,
      async (c) => {
        const input = await read(c, twoFactorEnableInput);
        if (!input.ok) return input.response;
        const admin = await account(c);
        if (!admin) return gone(c);
        const pending = admin.totpPendingSecret;
        const secret = pending === null ? null : openSecret(keys.twoFactorSecret, admin.id, pending);
        if (pending === null || secret === null) {
          return c.json(
            { error: "setup-required", message: "Start the set-up again: scan the new QR code, then enter its code." },
            409,
          );
        }
        const proof = await prove(c, admin, input.value.password, null);
        if (!proof.ok) return proof.response;
        const now = clock();
        const step = matchTotpStep(secret, input.value.code, now.getTime(), null);
        if (step === null) return c.json(invalidCode, 400);
        const codes = newRecoveryCodes();
        const replaced = admin.totpSecret !== null;
        const enabled = await enableTotp(db, {
          adminId: admin.id,
          pending,
          step,
          codeHashes: codes.map((code) => recoveryCodeHash(keys.recoveryCode, code)),
          now,
          audit: audit(c, "auth.two-factor-enable", replaced ? { replaced: true } : {}),
          ...(replaced && { replacing: effects(c, admin) }),
        });
        if (!enabled)
          return c.json(
            { error: "setup-required", message: "Another set-up replaced this one: scan the newest QR code." },
            409,
          );
        if (replaced) changed(admin);
        return c.json({ recoveryCodes: codes });
      },
    )
    .post(
      "/disable",
      describe({
        tag: "Auth",
        summary: "Turn two-factor off (sales accounts)",
        description:
          "Needs the password and a current code (or an unused recovery code). Ends the account's other sessions and emails it.",
        access: "session",
        body: twoFactorDisableInput,
        answers: { 204: { description: "Off", schema: null } },
        refusals: [409, 429],
      }),
      limitBody,
      async (c) => {
        const input = await read(c, twoFactorDisableInput);
        if (!input.ok) return input.response;
        const session = c.get("admin");
        if (session.role === "admin") {
          return c.json(
            {
              error: "two-factor-required-for-admins",
              message: "Admins must keep two-factor on. Another admin can reset it if you lost your phone.",
            },
            409,
          );
        }
        const admin = await account(c);
        if (!admin) return gone(c);
        if (admin.totpSecret === null)
          return c.json({ error: "two-factor-off", message: "Two-factor is already off." }, 409);
        const proof = await prove(c, admin, input.value.password, input.value.code);
        if (!proof.ok) return proof.response;
        await disableTotp(db, admin.id, {
          now: clock(),
          audit: audit(c, "auth.two-factor-disable", { with: proof.factor }),
          effects: effects(c, admin),
        });
        changed(admin);
        return c.body(null, 204);
      },
    );
}
