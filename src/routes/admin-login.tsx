import { useLocation } from "react-router";
import type { Route } from "./+types/admin-login";
import { BRAND } from "../config/brand";
import { AccountPage } from "../features/admin/account/account-page";
import { adminMeta } from "../features/admin/common/admin-meta";
import { LoginForm, type LoginArrival } from "../features/admin/session/login-form";

export const meta: Route.MetaFunction = () => adminMeta("Admin Login");

export default function AdminLoginRoute() {
  // A password just changed or an invitation just accepted: say so, and fill in the email.
  const arrival = useLocation().state as LoginArrival | null;
  return (
    <AccountPage
      title="Admin Login"
      intro={<p>Sign in to the {BRAND.name} CRM dashboard.</p>}
      back={{ to: "/", label: "Back to the website" }}
    >
      {arrival?.notice && (
        <p role="status" className="mb-5 rounded-lg bg-brand-50 p-3 text-sm font-medium text-slate-900">
          {arrival.notice}
        </p>
      )}
      <LoginForm arrival={arrival} />
    </AccountPage>
  );
}
