import type { Context, MiddlewareHandler } from "hono";
import {
  can,
  FORBIDDEN,
  TWO_FACTOR_ENROLMENT_REQUIRED,
  type Capability,
  type CurrentStaff,
} from "../../src/domain/staff";
import type { AdminEnv } from "./require-session";
import type { SessionAdmin } from "./sessions";

// What a signed-in account may reach of the staff API: its role's capabilities (src/domain/staff.ts,
// the one table the dashboard reads too), and nothing at all for an admin who has not enrolled
// two-factor yet. Mounted after requireSession, so c.get("admin") is set.

/** An admin without two-factor: only the session, sign-out and two-factor set-up routes answer. */
export const mustEnrolTwoFactor = (admin: Pick<SessionAdmin, "role" | "twoFactor">): boolean =>
  admin.role === "admin" && !admin.twoFactor;

export const currentStaff = (admin: SessionAdmin): CurrentStaff => ({
  email: admin.email,
  name: admin.name,
  role: admin.role,
  twoFactor: admin.twoFactor,
  mustEnrolTwoFactor: mustEnrolTwoFactor(admin),
});

/** 403 {error: two-factor-enrolment-required} for an admin without two-factor; on every /api/admin route. */
export const requireEnrolment: MiddlewareHandler<AdminEnv> = async (c, next) => {
  if (mustEnrolTwoFactor(c.get("admin"))) return c.json(TWO_FACTOR_ENROLMENT_REQUIRED, 403);
  await next();
};

/** 403 {error: forbidden} unless the signed-in account's role has `capability`. */
export const requireCapability =
  (capability: Capability): MiddlewareHandler<AdminEnv> =>
  async (c, next) => {
    if (!can(c.get("admin").role, capability)) return c.json(FORBIDDEN, 403);
    await next();
  };

/**
 * Views of the data that more than one route returns, and the one rule for each, asked wherever the view
 * is reached: on its own route and where another route embeds it (GET /api/admin/{collection}/{id}?with=person).
 * "people": a person's records across the collections, their notes and timeline; a signed-in account
 * whose role works records, never an API token (no token scope grants it).
 */
export type View = "people";

export function canRead(c: Context<AdminEnv>, view: View): boolean {
  switch (view) {
    case "people":
      return c.get("apiToken") === undefined && can(c.get("admin").role, "records");
  }
}

/** 403 {error: forbidden} unless the caller may read `view` (canRead). */
export const requireRead =
  (view: View): MiddlewareHandler<AdminEnv> =>
  async (c, next) => {
    if (!canRead(c, view)) return c.json(FORBIDDEN, 403);
    await next();
  };
