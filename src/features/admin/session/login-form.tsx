import { useState, type FormEvent } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { Button } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { useToast } from "../../../components/ui/toast";
import { adminBackend } from "../../../backend/admin-backend";
import { safeNextPath } from "./next-path";

export function LoginForm() {
  const [busy, setBusy] = useState(false);
  const toast = useToast();
  const navigate = useNavigate();
  const [params] = useSearchParams();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setBusy(true);
    try {
      const backend = await adminBackend();
      const result = await backend.signIn(String(data.get("email") ?? "").trim(), String(data.get("password") ?? ""));
      if (result.ok) {
        toast({ title: "Login successful", description: "Welcome to the admin dashboard" });
        await navigate(safeNextPath(params.get("next")), { replace: true });
        return;
      }
      console.error("Login failed:", result.code, result.message);
      toast({ title: "Login failed", description: loginFailureText(result.code, result.message), variant: "destructive" });
    } catch (error) {
      console.error("Login failed:", error);
      toast({ title: "Login failed", description: "Please check your credentials", variant: "destructive" });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={onSubmit} aria-label="Admin sign in" className="grid gap-5">
      <Field label="Email" required>
        <Input name="email" type="email" autoComplete="username" />
      </Field>
      <Field label="Password" required>
        <Input name="password" type="password" autoComplete="current-password" />
      </Field>
      <Button type="submit" size="lg" disabled={busy} aria-busy={busy || undefined}>
        {busy ? "Signing in..." : "Sign In"}
      </Button>
    </form>
  );
}

/** The login failure toast: the code and message, or the message alone, or a generic line. */
export function loginFailureText(code: string | undefined, message: string | undefined): string {
  if (code && message) return `${code}: ${message}`;
  return message || "Please check your credentials";
}
