import { randomUUID } from "node:crypto";
import { Hono, type Context } from "hono";
import { fieldErrors } from "../../src/domain/schemas";
import { can, FORBIDDEN, INVITATION_TTL_MS, invitationInput, staffChangeInput } from "../../src/domain/staff";
import type { Clock } from "../clock";
import {
  changeStaffAccount,
  createInvitation,
  listStaff,
  normalizeEmail,
  resetTwoFactor,
  type AuditBase,
  type Db,
} from "../db/store";
import type { AdminEnv } from "../auth/require-session";
import { requireCapability } from "../auth/roles";
import type { SessionStore } from "../auth/sessions";
import { hashLinkToken, linkToken } from "../auth/staff-links";
import { limitBody, readJsonBody } from "../http/json-body";
import { pathKey } from "../http/path-key";
import { requestContext } from "../http/request-context";
import type { PrivacyKeys } from "../privacy/keys";
import { describe } from "../openapi/describe";
import * as answer from "../openapi/answers";
import { z } from "zod";

// /api/admin/staff: the Team tab. Every staff account may list the team and set its own availability;
// invitations, roles, disabling and two-factor resets need the "staff" capability (admins).

export interface StaffDeps {
  db: Db;
  reader: Db;
  clock: Clock;
  sessions: SessionStore;
  keys: PrivacyKeys;
  /** SMTP is configured: an invitation is an email, so without it there is none to send. */
  mail: boolean;
  wakeOutbox: () => void;
  trustProxy: number;
}

const auditBase = (c: Context<AdminEnv>, trustProxy: number, at: Date): AuditBase => ({
  actor: c.get("admin").email,
  ...requestContext(c, trustProxy),
  at,
});

export function adminStaffRoutes({ db, reader, clock, sessions, keys, mail, wakeOutbox, trustProxy }: StaffDeps) {
  const staffOnly = requireCapability("staff");
  return new Hono<AdminEnv>()
    .get(
      "/",
      describe({
        tag: "Staff",
        summary: "The staff accounts",
        access: "session",
        answers: { 200: { description: "Every account, by email", schema: z.array(answer.staffAccount) } },
      }),
      requireCapability("records"),
      async (c) => c.json(await listStaff(reader)),
    )
    .post(
      "/invitations",
      describe({
        tag: "Staff",
        summary: "Invite someone by email",
        access: "session",
        body: invitationInput,
        answers: {
          201: {
            description: "Invited",
            schema: z.object({ email: z.string(), role: z.string(), expiresAt: z.iso.datetime() }),
          },
        },
        refusals: [409],
      }),
      staffOnly,
      limitBody,
      async (c) => {
        const body = await readJsonBody(c);
        if (!body.ok) return body.response;
        const parsed = invitationInput.safeParse(body.value);
        if (!parsed.success) return c.json({ error: "validation", fields: fieldErrors(parsed.error) }, 400);
        if (!mail) {
          return c.json(
            {
              error: "mail-not-configured",
              message: "Invitations are sent by email: set SMTP_URL, or create the account with npm run admin.",
            },
            409,
          );
        }
        const { email, role } = parsed.data;
        const now = clock();
        const id = randomUUID();
        const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS).toISOString();
        const base = auditBase(c, trustProxy, now);
        const outcome = await createInvitation(
          db,
          {
            id,
            tokenHash: hashLinkToken(linkToken(keys.invitation, "invitation", id)),
            email,
            role,
            invitedBy: base.actor,
            createdAt: now.toISOString(),
            expiresAt,
          },
          { ...base, action: "staff.invite", details: { email, role, expiresAt } },
        );
        if (outcome === "exists")
          return c.json({ error: "exists", message: "An account with this email exists already." }, 409);
        wakeOutbox();
        return c.json({ email, role, expiresAt }, 201);
      },
    )
    .patch(
      "/:email",
      describe({
        tag: "Staff",
        summary: "Change an account: role, name, availability, or disable it",
        access: "session",
        body: staffChangeInput,
        answers: { 200: { description: "The account", schema: answer.staffAccount } },
        refusals: [404, 409],
      }),
      pathKey("email"),
      limitBody,
      async (c) => {
        const body = await readJsonBody(c);
        if (!body.ok) return body.response;
        const parsed = staffChangeInput.safeParse(body.value);
        if (!parsed.success) return c.json({ error: "validation", fields: fieldErrors(parsed.error) }, 400);
        const { role, disabled, available } = parsed.data;
        const admin = c.get("admin");
        const ownAccount = normalizeEmail(c.req.param("email")) === admin.email;
        // Anyone may take themselves in or out of round-robin; everything else is managing the team.
        const allowed = can(admin.role, "staff") || (role === undefined && disabled === undefined && ownAccount);
        if (!allowed) return c.json(FORBIDDEN, 403);
        const outcome = await changeStaffAccount(
          db,
          c.req.param("email"),
          { role, disabled, available },
          auditBase(c, trustProxy, clock()),
        );
        if (!outcome.ok && outcome.reason === "not-found") return c.json({ error: "not-found" }, 404);
        if (!outcome.ok)
          return c.json(
            { error: "last-admin", message: "This is the last active admin: make another account an admin first." },
            409,
          );
        // Its streams end now; this process's at once, other instances' at their next check.
        if (outcome.disabledNow) sessions.announceEnded(outcome.adminId);
        return c.json(outcome.account);
      },
    )
    .post(
      "/:email/two-factor/reset",
      describe({
        tag: "Staff",
        summary: "Reset another account's two-factor",
        description:
          "Not one's own (409 own-account): that is changed on one's account page, with the password and a code (decision 0043). Ends every session of the account and emails it.",
        access: "session",
        answers: { 200: { description: "The account", schema: answer.staffAccount } },
        refusals: [404, 409],
      }),
      staffOnly,
      pathKey("email"),
      async (c) => {
        // One's own second factor is never removed around the password-and-code step of /api/auth/2fa.
        if (normalizeEmail(c.req.param("email")) === c.get("admin").email) {
          return c.json(
            {
              error: "own-account",
              message:
                "You cannot reset your own two-factor here. Change it on your account page, with your password and a code.",
            },
            409,
          );
        }
        const reset = await resetTwoFactor(db, c.req.param("email"), auditBase(c, trustProxy, clock()), {
          notify: mail,
        });
        if (!reset) return c.json({ error: "not-found" }, 404);
        if (reset.hadFactor) {
          sessions.announceEnded(reset.adminId);
          if (mail) wakeOutbox();
        }
        return c.json(reset.account);
      },
    );
}
