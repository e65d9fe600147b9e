import { Link } from "react-router";
import type { Route } from "./+types/newsletter-confirm";
import { BRAND } from "../config/brand";
import { ConfirmSubscriptionPanel } from "../features/privacy/confirm-subscription-panel";

// Client-only like /unsubscribe (not prerendered): what it shows depends on the link's token. The
// server answers /newsletter/confirm with the SPA shell; the page's button POSTs /api/newsletter/confirm.

export const meta: Route.MetaFunction = () => [{ title: `Confirm your subscription | ${BRAND.name}` }, { name: "robots", content: "noindex, nofollow" }];

export function HydrateFallback() {
  return <p className="p-8 text-center text-slate-700">Loading...</p>;
}

export default function NewsletterConfirmRoute() {
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 px-4">
      <div className="w-full max-w-lg rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
        <p className="mb-2 text-sm font-semibold text-brand-700">
          <Link to="/" className="underline-offset-2 hover:underline">
            {BRAND.name}
          </Link>
        </p>
        <h1 className="mb-4 text-2xl font-bold">Confirm your subscription</h1>
        <ConfirmSubscriptionPanel />
      </div>
    </main>
  );
}
