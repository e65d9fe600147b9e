import { Link } from "react-router";
import type { Route } from "./+types/admin-login";
import { BRAND } from "../config/brand";
import { adminMeta } from "../features/admin/common/admin-meta";
import { LoginForm } from "../features/admin/session/login-form";

export const meta: Route.MetaFunction = () => adminMeta("Admin Login");

export default function AdminLoginRoute() {
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 px-4">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
        <h1 className="text-2xl font-bold">Admin Login</h1>
        <p className="mt-1 mb-6 text-sm text-slate-600">Sign in to the {BRAND.name} CRM dashboard.</p>
        <LoginForm />
        <p className="mt-6 text-center text-sm">
          <Link to="/" className="text-brand-700 underline underline-offset-2">
            Back to the website
          </Link>
        </p>
      </div>
    </main>
  );
}
