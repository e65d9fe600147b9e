import { Fragment, useEffect, useRef, useState, type FormEvent } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { Button } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { useToast } from "../../../components/ui/toast";
import { adminBackend } from "../../../backend/admin-backend";
import type { SignInResult } from "../../../backend/admin-port";
import { pathAfterSignIn } from "./next-path";
import { codeStepError, loginFailureText, type Credentials } from "./sign-in-steps";

/** What another page hands the sign-in page: a line to show, and the email to fill in. */
export interface LoginArrival {
  notice?: string;
  email?: string;
}

/**
 * Email and password; then, for an account with two-factor, the same form asks for the code from the
 * authenticator app (or a recovery code) in a new, empty field of its own, and sends all three again.
 *
 * The password never leaves its password-type input, and that input is gone (unmounted, its value
 * emptied first) once the code step shows: the two steps are keyed apart, so React cannot reuse the
 * password's <input> for the code (it did, showing the password in clear text with the code appended).
 * What the HTTP API needs again with the code is kept in a ref, not in React state or the page, and
 * dropped as soon as the sign-in ends either way.
 */
export function LoginForm({ arrival }: { arrival: LoginArrival | null }) {
  const [busy, setBusy] = useState(false);
  /** The email, once the password was right and the account asked for a code. */
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  /** The email and password of that sign-in, for the call that brings the code; out of state and DOM. */
  const credentials = useRef<Credentials | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  const code = useRef<HTMLInputElement>(null);
  const password = useRef<HTMLInputElement>(null);
  const pending = pendingEmail !== null;
  const toast = useToast();
  const navigate = useNavigate();
  const [params] = useSearchParams();

  // The code field takes focus when it appears, and again after a refused code (emptied for a retry).
  useEffect(() => {
    if (pending) code.current?.focus();
  }, [pending, codeError]);

  async function signIn(credentials: Credentials, totp?: string): Promise<SignInResult> {
    const backend = await adminBackend();
    return backend.signIn(credentials.email, credentials.password, totp);
  }

  // Forget the password when the form goes away (signed in, or the person left the page).
  useEffect(
    () => () => {
      credentials.current = null;
    },
    [],
  );

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const sent = pending
      ? credentials.current
      : { email: String(data.get("email") ?? "").trim(), password: String(data.get("password") ?? "") };
    if (!sent) return startAgain();
    const totp = pending ? String(data.get("code") ?? "").replace(/\s+/g, "") : undefined;
    if (pending && !totp) return setCodeError("Enter the code from your authenticator app, or a recovery code.");
    setBusy(true);
    try {
      const result = await signIn(sent, totp);
      if (result.ok) {
        credentials.current = null;
        toast({ title: "Login successful", description: "Welcome to the admin dashboard" });
        await navigate(pathAfterSignIn(result.user, params.get("next")), { replace: true });
        return;
      }
      console.error("Login failed:", result.code, result.message);
      if (result.code === "two-factor-required" && !pending) {
        credentials.current = sent;
        // Emptied before it unmounts, so no copy of the password stays in the page.
        if (password.current) password.current.value = "";
        setPendingEmail(sent.email);
        return;
      }
      const stepError = pending ? codeStepError(result.code) : null;
      if (stepError) {
        if (code.current) code.current.value = "";
        setCodeError(stepError);
        return;
      }
      // Anything else starts again from the password (which may have been changed meanwhile).
      startAgain();
      toast({
        title: "Login failed",
        description: loginFailureText(result.code, result.message),
        variant: "destructive",
      });
    } catch (error) {
      console.error("Login failed:", error);
      toast({ title: "Login failed", description: "Please check your credentials", variant: "destructive" });
    } finally {
      setBusy(false);
    }
  }

  function startAgain() {
    credentials.current = null;
    setPendingEmail(null);
    setCodeError(null);
  }

  return (
    <form onSubmit={onSubmit} aria-label="Admin sign in" className="grid gap-5" noValidate={pending}>
      {pending ? (
        <Fragment key="code-step">
          <p className="text-sm text-slate-700">
            Two-factor sign-in is on for <strong className="break-all">{pendingEmail}</strong>.
          </p>
          <Field
            label="Authentication code"
            hint="The 6-digit code from your authenticator app. Lost your phone? Type one of your recovery codes instead."
            error={codeError}
            required
          >
            <Input
              ref={code}
              name="code"
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              autoCapitalize="off"
              spellCheck={false}
              maxLength={32}
            />
          </Field>
          <Button type="submit" size="lg" disabled={busy} aria-busy={busy || undefined}>
            {busy ? "Verifying..." : "Verify"}
          </Button>
          <Button variant="ghost" onClick={startAgain} disabled={busy}>
            Use another account
          </Button>
        </Fragment>
      ) : (
        <Fragment key="password-step">
          <Field label="Email" required>
            <Input name="email" type="email" autoComplete="username" defaultValue={arrival?.email} />
          </Field>
          <Field label="Password" required>
            <Input ref={password} name="password" type="password" autoComplete="current-password" />
          </Field>
          <Button type="submit" size="lg" disabled={busy} aria-busy={busy || undefined}>
            {busy ? "Signing in..." : "Sign In"}
          </Button>
          <p className="text-center text-sm">
            <Link to="/admin/forgot-password" className="text-brand-700 underline underline-offset-2">
              Forgot password?
            </Link>
          </p>
        </Fragment>
      )}
    </form>
  );
}
