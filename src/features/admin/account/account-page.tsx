import type { ReactNode } from "react";
import { Link } from "react-router";
import { BRAND } from "../../../config/brand";

interface AccountPageProps {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  /** The link under the card: back to sign-in on the account pages, to the website on the sign-in page; null for none. */
  back?: { to: string; label: string } | null;
}

/** The frame of the staff pages outside the dashboard: sign-in, password reset, invitation, two-factor. */
export function AccountPage({
  title,
  intro,
  children,
  back = { to: "/admin/login", label: "Back to sign in" },
}: AccountPageProps) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 px-4 py-8">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
        <p className="mb-2 text-sm font-semibold text-brand-700">{BRAND.name}</p>
        <h1 className="text-2xl font-bold">{title}</h1>
        {intro && <div className="mt-1 text-sm text-slate-600">{intro}</div>}
        <div className="mt-6">{children}</div>
        {back && (
          <p className="mt-6 text-center text-sm">
            <Link to={back.to} className="text-brand-700 underline underline-offset-2">
              {back.label}
            </Link>
          </p>
        )}
      </div>
    </main>
  );
}

/** Shown while a client-only account page loads. */
export function AccountPageLoading() {
  return <p className="p-8 text-center text-slate-700">Loading...</p>;
}
