import { Link } from "react-router";
import type { Route } from "./+types/unsubscribe";
import { BRAND } from "../config/brand";
import { UnsubscribePanel } from "../features/privacy/unsubscribe-panel";

// Client-only (not prerendered): what it shows depends on the token in the query. The server answers
// /unsubscribe with the SPA shell, and POST /unsubscribe is the RFC 8058 one-click endpoint.

export const meta: Route.MetaFunction = () => [{ title: `Unsubscribe | ${BRAND.name}` }, { name: "robots", content: "noindex, nofollow" }];

export function HydrateFallback() {
  return <p className="p-8 text-center text-slate-700">Loading...</p>;
}

export default function UnsubscribeRoute() {
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 px-4">
      <div className="w-full max-w-lg rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
        <p className="mb-2 text-sm font-semibold text-brand-700">
          <Link to="/" className="underline-offset-2 hover:underline">
            {BRAND.name}
          </Link>
        </p>
        <h1 className="mb-4 text-2xl font-bold">Unsubscribe</h1>
        <UnsubscribePanel />
      </div>
    </main>
  );
}
