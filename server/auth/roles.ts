import type { MiddlewareHandler } from "hono";
import { can, FORBIDDEN, TWO_FACTOR_ENROLMENT_REQUIRED, type Capability, type CurrentStaff } from "../../src/domain/staff";
import type { AdminEnv } from "./require-session";
import type { SessionAdmin } from "./sessions";

// What a signed-in account may reach of the staff API: its role's capabilities (src/domain/staff.ts,
// the one table the dashboard reads too), and nothing at all for an admin who has not enrolled
// two-factor yet. Mounted after requireSession, so c.get("admin") is set.

/** An admin without two-factor: only the session, sign-out and two-factor set-up routes answer. */
export const mustEnrolTwoFactor = (admin: Pick<SessionAdmin, "role" | "twoFactor">): boolean => admin.role === "admin" && !admin.twoFactor;

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
