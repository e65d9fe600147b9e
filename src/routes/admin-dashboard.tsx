import type { ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/admin-dashboard";
import { adminMeta } from "../features/admin/common/admin-meta";
import { Dashboard } from "../features/admin/dashboard/dashboard";
import { requireSession } from "../features/admin/session/require-session";

export const meta: Route.MetaFunction = () => adminMeta("CRM Dashboard");

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return { user: await requireSession(request) };
}

/**
 * The dashboard's own address changes (the record panel's ?record=, j/k walking the list) need no new
 * session check: re-running the loader would put a request in front of every step.
 */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;
}

export function HydrateFallback() {
  return <p className="p-8 text-center text-slate-700">Loading dashboard...</p>;
}

export default function AdminDashboardRoute({ loaderData }: Route.ComponentProps) {
  return (
    <main>
      <Dashboard user={loaderData.user} />
    </main>
  );
}
