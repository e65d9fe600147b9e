import { LogOut } from "lucide-react";
import { useNavigate } from "react-router";
import type { Route } from "./+types/admin-account";
import { adminBackend } from "../backend/admin-backend";
import { Button } from "../components/ui/button";
import { BRAND } from "../config/brand";
import type { CurrentStaff } from "../domain/staff";
import { AcceptInvitationForm } from "../features/admin/account/accept-invitation-form";
import { AccountPage, AccountPageLoading } from "../features/admin/account/account-page";
import { ForgotPasswordForm } from "../features/admin/account/forgot-password-form";
import { ResetPasswordForm } from "../features/admin/account/reset-password-form";
import { adminMeta } from "../features/admin/common/admin-meta";
import { requireSession } from "../features/admin/session/require-session";
import { TwoFactorPage } from "../features/admin/two-factor/two-factor-page";

// The staff account pages, /admin/forgot-password, /admin/reset-password, /admin/accept-invitation and
// /admin/two-factor, as ONE client-only route: every route is an entry in the manifest each public page
// loads, and four entries cost the home page its JavaScript budget. /admin/login and /admin/dashboard,
// static paths, rank above this one.

const TITLES = {
  "forgot-password": "Reset password",
  "reset-password": "Choose a new password",
  "accept-invitation": "Accept invitation",
  "two-factor": "Two-factor sign-in",
} as const;
type AccountPageName = keyof typeof TITLES;
const isAccountPage = (page: string): page is AccountPageName => Object.hasOwn(TITLES, page);

export const meta: Route.MetaFunction = ({ params }) =>
  adminMeta(isAccountPage(params.page) ? TITLES[params.page] : "Not found");

export async function clientLoader({
  request,
  params,
}: Route.ClientLoaderArgs): Promise<{ page: AccountPageName; user: CurrentStaff | null }> {
  if (!isAccountPage(params.page)) throw new Response("Not found", { status: 404 });
  // Two-factor is the one staff page an admin without two-factor may open (requireSession sends them here).
  return { page: params.page, user: params.page === "two-factor" ? await requireSession(request) : null };
}

export const HydrateFallback = AccountPageLoading;

export default function AdminAccountRoute({ loaderData }: Route.ComponentProps) {
  const { page, user } = loaderData;
  if (page === "two-factor" && user) return <TwoFactor user={user} />;
  if (page === "forgot-password") {
    return (
      <AccountPage
        title="Forgot your password?"
        intro={<p>Type the email you sign in with and we will send you a link to choose a new password.</p>}
      >
        <ForgotPasswordForm />
      </AccountPage>
    );
  }
  // Reset and invitation are opened from emailed links; their token is in the fragment (#token=...).
  if (page === "reset-password") {
    return (
      <AccountPage
        title="Choose a new password"
        intro={<p>Every device signed in to your account is signed out once it is changed.</p>}
      >
        <ResetPasswordForm />
      </AccountPage>
    );
  }
  return (
    <AccountPage
      title="Join the team"
      intro={<p>You have been invited to the {BRAND.name} CRM dashboard. Choose your name and a password.</p>}
    >
      <AcceptInvitationForm />
    </AccountPage>
  );
}

function TwoFactor({ user }: { user: CurrentStaff }) {
  const navigate = useNavigate();
  async function signOut() {
    try {
      await (await adminBackend()).signOut();
    } finally {
      await navigate("/admin/login", { replace: true });
    }
  }
  return (
    <AccountPage
      title="Two-factor sign-in"
      intro={
        user.mustEnrolTwoFactor ? (
          <p>
            Admins must set up two-factor sign-in before they can use the dashboard. It takes a minute and an
            authenticator app.
          </p>
        ) : (
          <p>A code from an app on your phone, as well as your password, each time you sign in.</p>
        )
      }
      back={user.mustEnrolTwoFactor ? null : { to: "/admin/dashboard", label: "Back to the dashboard" }}
    >
      <TwoFactorPage user={user} />
      {user.mustEnrolTwoFactor && (
        <Button variant="ghost" onClick={signOut} className="mt-6 w-full">
          <LogOut aria-hidden="true" className="h-4 w-4" /> Sign out
        </Button>
      )}
    </AccountPage>
  );
}
