import { Hono, type Context } from "hono";
import { BRAND } from "../../src/config/brand";
import type { AuditAction } from "../../src/domain/privacy";
import { fieldErrors } from "../../src/domain/schemas";
import { twoFactorCodeInput, type TwoFactorSetup } from "../../src/domain/staff";
import { disableTotp, enableTotp, findAdminById, setPendingTotpSecret, type Db } from "../db/store";
import { clientIp } from "../http/client-ip";
import { limitBody, readJsonBody } from "../http/json-body";
import { requestContext } from "../http/request-context";
import type { LoginThrottle } from "../auth/login-throttle";
import { newRecoveryCodes, recoveryCodeHash } from "../auth/recovery-codes";
import type { AdminEnv } from "../auth/require-session";
import { verifySecondFactor } from "../auth/second-factor";
import { openSecret, sealSecret } from "../auth/secret-box";
import { matchTotpStep, newTotpSecret, otpauthUri } from "../auth/totp";
import type { Clock } from "../clock";
import type { PrivacyKeys } from "../privacy/keys";
import { clientBucket } from "../security/client-bucket";
import { describe } from "../openapi/describe";
import * as answer from "../openapi/answers";
import { z } from "zod";

// /api/auth/2fa: the signed-in account's own two-factor. Open to an admin who has not enrolled yet (it is
// how they enrol); requireSession is mounted by app.ts.

export interface TwoFactorDeps {
  db: Db;
  keys: PrivacyKeys;
  throttle: LoginThrottle;
  trustProxy: number;
  clock: Clock;
}

const invalidCode = { error: "invalid-code", message: "That code is not right. Enter the current code from your authenticator app." } as const;

export function twoFactorRoutes({ db, keys, throttle, trustProxy, clock }: TwoFactorDeps) {
  const audit = (c: Context<AdminEnv>, action: AuditAction, details: Record<string, unknown> = {}) => ({
    actor: c.get("admin").email,
    action,
    details,
    ...requestContext(c, trustProxy),
    at: clock(),
  });
  const readCode = async (c: Context<AdminEnv>) => {
    const body = await readJsonBody(c);
    if (!body.ok) return { ok: false as const, response: body.response };
    const parsed = twoFactorCodeInput.safeParse(body.value);
    if (!parsed.success) return { ok: false as const, response: c.json({ error: "validation", fields: fieldErrors(parsed.error) }, 400) };
    return { ok: true as const, code: parsed.data.code };
  };

  return new Hono<AdminEnv>()
    .post("/setup", describe({ tag: "Auth", summary: "Start setting up two-factor", access: "session", answers: { 200: { description: "A new secret and its otpauth URI (the app turns it into a QR code)", schema: answer.twoFactorSetup } } }), async (c) => {
      // A new secret each time, kept as pending: the one in use (if any) works until a code confirms this one.
      const { adminId, email } = c.get("admin");
      const secret = newTotpSecret();
      await setPendingTotpSecret(db, adminId, sealSecret(keys.twoFactorSecret, adminId, secret));
      const setup: TwoFactorSetup = { otpauthUri: otpauthUri(secret, email, BRAND.name), secret };
      return c.json(setup);
    })
    .post("/enable", describe({ tag: "Auth", summary: "Turn two-factor on with a code from the app", access: "session", body: twoFactorCodeInput, answers: { 200: { description: "On: the recovery codes, shown once", schema: z.object({ recoveryCodes: z.array(z.string()) }) } }, refusals: [409] }), limitBody, async (c) => {
      const read = await readCode(c);
      if (!read.ok) return read.response;
      const admin = await findAdminById(db, c.get("admin").adminId);
      const pending = admin?.totpPendingSecret ?? null;
      const secret = pending === null ? null : openSecret(keys.twoFactorSecret, admin!.id, pending);
      if (!admin || pending === null || secret === null) {
        return c.json({ error: "setup-required", message: "Start the set-up again: scan the new QR code, then enter its code." }, 409);
      }
      const now = clock();
      const step = matchTotpStep(secret, read.code, now.getTime(), null);
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
      });
      if (!enabled) return c.json({ error: "setup-required", message: "Another set-up replaced this one: scan the newest QR code." }, 409);
      return c.json({ recoveryCodes: codes });
    })
    .post("/disable", describe({ tag: "Auth", summary: "Turn two-factor off (sales accounts)", access: "session", body: twoFactorCodeInput, answers: { 204: { description: "Off", schema: null } }, refusals: [409, 429] }), limitBody, async (c) => {
      const read = await readCode(c);
      if (!read.ok) return read.response;
      const session = c.get("admin");
      if (session.role === "admin") {
        return c.json({ error: "two-factor-required-for-admins", message: "Admins must keep two-factor on. Another admin can reset it if you lost your phone." }, 409);
      }
      const admin = await findAdminById(db, session.adminId);
      if (!admin || admin.totpSecret === null) return c.json({ error: "two-factor-off", message: "Two-factor is already off." }, 409);
      // Wrong codes here count toward the sign-in lockout too: a stolen session cannot guess its way
      // to turning two-factor off.
      const attempt = { email: admin.email, ip: clientBucket(clientIp(c, trustProxy)), device: null };
      const decision = await throttle.reserve(attempt);
      if (!decision.allowed) {
        c.header("Retry-After", String(decision.retryAfterSeconds));
        return c.json({ error: "too-many-requests", message: "Too many wrong codes. Try again later." }, 429);
      }
      const now = clock();
      const factor = await verifySecondFactor(db, keys, admin, read.code, now);
      if (!factor) return c.json(invalidCode, 400);
      await throttle.release(attempt);
      await disableTotp(db, admin.id, { now, audit: audit(c, "auth.two-factor-disable", { with: factor }) });
      return c.body(null, 204);
    });
}

