import { redirect } from "react-router";
import { adminBackend } from "../../../backend/admin-backend";

/** For a route's clientLoader: the signed-in staff member, or a redirect to the login page that comes back here. */
export async function requireSession(request: Request) {
  const user = await (await adminBackend()).currentUser();
  if (user) return user;
  const url = new URL(request.url);
  throw redirect(`/admin/login?next=${encodeURIComponent(url.pathname + url.search)}`);
}
