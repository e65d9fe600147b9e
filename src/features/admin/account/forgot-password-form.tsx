import { useEffect, useRef, useState, type FormEvent } from "react";
import { adminBackend } from "../../../backend/admin-backend";
import { Button } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { PASSWORD_RESET_TTL_MS } from "../../../domain/roles";
import { adminErrorText, fieldErrors } from "../common/admin-error";
import { errorsFor } from "../common/field-errors";
import { useFieldErrors } from "../common/use-field-errors";

const FIELDS = ["email"] as const;

/** The one answer, whether or not the account exists: the page never tells who has an account. */
export const RESET_LINK_SENT = `If an account exists for that email, we have sent a link to reset its password. It works for ${PASSWORD_RESET_TTL_MS / 60_000} minutes.`;

/** Asks for a password-reset link by email. */
export function ForgotPasswordForm() {
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { form, errors, show, clear } = useFieldErrors(FIELDS);
  const message = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (sent) message.current?.focus();
  }, [sent]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get("email") ?? "").trim();
    if (!email) return show({ email: "Enter the email address you sign in with." });
    setBusy(true);
    clear();
    setFailure(null);
    try {
      await (await adminBackend()).accounts.requestPasswordReset(email);
      setSent(true);
    } catch (error) {
      console.error("Asking for a reset link failed:", error);
      const fields = errorsFor(FIELDS, fieldErrors(error));
      if (fields.email) show(fields);
      else setFailure(adminErrorText(error, "The server could not be reached. Try again in a moment."));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      {sent ? (
        <p
          ref={message}
          tabIndex={-1}
          role="status"
          className="rounded-lg bg-brand-50 p-4 text-sm text-slate-900 outline-none"
        >
          {RESET_LINK_SENT}
        </p>
      ) : (
        <form ref={form} onSubmit={onSubmit} noValidate aria-label="Reset password" className="grid gap-5">
          <Field label="Email" error={errors.email} hint="The address you sign in with." required>
            <Input name="email" type="email" autoComplete="username" maxLength={254} />
          </Field>
          {failure && (
            <p role="alert" className="text-sm font-medium text-red-700">
              {failure}
            </p>
          )}
          <Button type="submit" size="lg" disabled={busy} aria-busy={busy || undefined}>
            {busy ? "Sending..." : "Send reset link"}
          </Button>
        </form>
      )}
    </>
  );
}
