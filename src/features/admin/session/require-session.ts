import { redirect } from "react-router";
import { adminBackend } from "../../../backend/admin-backend";
import type { CurrentStaff } from "../../../domain/staff";
import { sessionRedirect } from "./next-path";

/**
 * For a route's clientLoader: the signed-in staff member; or a redirect to the login page that comes back
 * here, or (an admin who has not enrolled two-factor yet) to enrolment.
 */
export async function requireSession(request: Request): Promise<CurrentStaff> {
  const user = await (await adminBackend()).currentUser();
  const url = new URL(request.url);
  const elsewhere = sessionRedirect(user, url.pathname, url.search);
  if (elsewhere || !user) throw redirect(elsewhere ?? "/admin/login");
  return user;
}
