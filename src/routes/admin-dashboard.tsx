import type { Route } from "./+types/admin-dashboard";
import { adminMeta } from "../features/admin/common/admin-meta";
import { Dashboard } from "../features/admin/dashboard/dashboard";
import { requireSession } from "../features/admin/session/require-session";

export const meta: Route.MetaFunction = () => adminMeta("CRM Dashboard");

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return { user: await requireSession(request) };
}

export function HydrateFallback() {
  return <p className="p-8 text-center text-slate-700">Loading dashboard...</p>;
}

export default function AdminDashboardRoute() {
  return (
    <main>
      <Dashboard />
    </main>
  );
}
