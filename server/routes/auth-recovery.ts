import { randomUUID } from "node:crypto";
import { Hono, type Context } from "hono";
import { fieldErrors } from "../../src/domain/schemas";
import {
  acceptInvitationInput,
  PASSWORD_RESET_TTL_MS,
  passwordResetConfirmInput,
  passwordResetInput,
} from "../../src/domain/staff";
import {
  acceptInvitation,
  findAdminByEmail,
  isOpenInvitationToken,
  isOpenResetToken,
  recordResetRequest,
  useReset,
  type Db,
} from "../db/store";
import { clientIp } from "../http/client-ip";
import { limitBody, readJsonBody } from "../http/json-body";
import { requestContext } from "../http/request-context";
import type { PasswordHasher } from "../auth/passwords";
import type { ResetThrottle } from "../auth/reset-throttle";
import type { SessionStore } from "../auth/sessions";
import { hashLinkToken, linkToken } from "../auth/staff-links";
import type { Clock } from "../clock";
import type { PrivacyKeys } from "../privacy/keys";
import { clientBucket } from "../security/client-bucket";
import { describe } from "../openapi/describe";
import * as answer from "../openapi/answers";
import { z } from "zod";

// What works without a session: asking for a password-reset link, using it, and accepting an
// invitation. The links' tokens come in the body (the pages read them from the URL's fragment).

export interface RecoveryDeps {
  db: Db;
  sessions: SessionStore;
  hasher: PasswordHasher;
  keys: PrivacyKeys;
  resetThrottle: ResetThrottle;
  /** SMTP is configured: without it no link can be sent, so none is made. */
  mail: boolean;
  wakeOutbox: () => void;
  trustProxy: number;
  clock: Clock;
}

const invalidResetLink = {
  error: "invalid-token",
  message: "This link has expired or was used already. Ask for a new one.",
} as const;
const invalidInvitation = {
  error: "invalid-token",
  message: "This invitation has expired or was used already. Ask an admin to invite you again.",
} as const;

async function readInput<T>(
  c: Context,
  schema: {
    safeParse(
      value: unknown,
    ): { success: true; data: T } | { success: false; error: Parameters<typeof fieldErrors>[0] };
  },
) {
  const body = await readJsonBody(c);
  if (!body.ok) return { ok: false as const, response: body.response };
  const parsed = schema.safeParse(body.value);
  if (!parsed.success)
    return { ok: false as const, response: c.json({ error: "validation", fields: fieldErrors(parsed.error) }, 400) };
  return { ok: true as const, value: parsed.data };
}

export function recoveryRoutes({
  db,
  sessions,
  hasher,
  keys,
  resetThrottle,
  mail,
  wakeOutbox,
  trustProxy,
  clock,
}: RecoveryDeps) {
  return new Hono()
    .post(
      "/password-reset",
      describe({
        tag: "Auth",
        summary: "Ask for a password-reset email",
        description: "Answers the same whether or not the address has an account.",
        access: "public",
        body: passwordResetInput,
        answers: { 202: { description: "If the account exists, a link is on its way", schema: answer.empty } },
        refusals: [429],
      }),
      limitBody,
      async (c) => {
        const input = await readInput(c, passwordResetInput);
        if (!input.ok) return input.response;
        const decision = await resetThrottle.client(clientBucket(clientIp(c, trustProxy)));
        if (!decision.allowed) {
          c.header("Retry-After", String(decision.retryAfterSeconds));
          return c.json({ error: "too-many-requests", message: "Too many requests from here. Try again later." }, 429);
        }
        // The same steps, and one transaction, whether or not the address has an account: the answer and
        // its time say nothing about it. Over the per-account limit only the email is left out.
        const withinLimit = await resetThrottle.account(input.value.email);
        const admin = await findAdminByEmail(db, input.value.email);
        const now = clock();
        const unsent = !admin
          ? null
          : admin.disabledAt !== null
            ? "disabled"
            : !withinLimit
              ? "throttled"
              : !mail
                ? "mail-off"
                : null;
        let reset = null;
        if (admin && unsent === null) {
          const id = randomUUID();
          const tokenHash = hashLinkToken(linkToken(keys.passwordReset, "password-reset", id));
          reset = {
            id,
            tokenHash,
            adminId: admin.id,
            createdAt: now.toISOString(),
            expiresAt: new Date(now.getTime() + PASSWORD_RESET_TTL_MS).toISOString(),
          };
        }
        const details = admin ? { account: admin.email, sent: reset !== null, ...(unsent && { reason: unsent }) } : {};
        await recordResetRequest(db, {
          reset,
          email: admin?.email ?? null,
          audit: {
            actor: "anonymous",
            action: "auth.password-reset-request",
            details,
            ...requestContext(c, trustProxy),
            at: now,
          },
        });
        if (reset) wakeOutbox();
        return c.json({}, 202);
      },
    )
    .post(
      "/password-reset/confirm",
      describe({
        tag: "Auth",
        summary: "Set a new password with a reset link",
        access: "public",
        body: passwordResetConfirmInput,
        answers: { 204: { description: "Changed; every session of the account ended", schema: null } },
      }),
      limitBody,
      async (c) => {
        const input = await readInput(c, passwordResetConfirmInput);
        if (!input.ok) return input.response;
        const tokenHash = hashLinkToken(input.value.token);
        // Checked before the (costly) hash of the new password, so a made-up token costs one query.
        if (!(await isOpenResetToken(db, tokenHash, clock()))) return c.json(invalidResetLink, 400);
        const passwordHash = await hasher.hash(input.value.password);
        const now = clock();
        const used = await useReset(db, {
          tokenHash,
          passwordHash,
          now,
          audit: (email) => ({
            actor: email,
            action: "auth.password-reset",
            details: { sessionsEnded: true },
            ...requestContext(c, trustProxy),
            at: now,
          }),
        });
        if (!used) return c.json(invalidResetLink, 400);
        sessions.announceEnded(used.adminId);
        return c.body(null, 204);
      },
    )
    .post(
      "/invitations/accept",
      describe({
        tag: "Auth",
        summary: "Accept a staff invitation",
        access: "public",
        body: acceptInvitationInput,
        answers: { 201: { description: "The account exists", schema: z.object({ email: z.string() }) } },
        refusals: [409],
      }),
      limitBody,
      async (c) => {
        const input = await readInput(c, acceptInvitationInput);
        if (!input.ok) return input.response;
        const tokenHash = hashLinkToken(input.value.token);
        if (!(await isOpenInvitationToken(db, tokenHash, clock()))) return c.json(invalidInvitation, 400);
        const passwordHash = await hasher.hash(input.value.password);
        const now = clock();
        const accepted = await acceptInvitation(db, {
          tokenHash,
          name: input.value.name,
          passwordHash,
          now,
          audit: ({ email, role, invitedBy }) => ({
            actor: email,
            action: "auth.invitation-accept",
            details: { email, role, invitedBy },
            ...requestContext(c, trustProxy),
            at: now,
          }),
        });
        if (!accepted.ok && accepted.reason === "exists")
          return c.json(
            { error: "exists", message: "An account with this email exists already. Sign in, or reset its password." },
            409,
          );
        if (!accepted.ok) return c.json(invalidInvitation, 400);
        return c.json({ email: accepted.email }, 201);
      },
    );
}
