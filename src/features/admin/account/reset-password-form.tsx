import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { AdminApiError } from "../../../backend/admin-port";
import { adminBackend } from "../../../backend/admin-backend";
import { Button } from "../../../components/ui/button";
import { adminErrorText, fieldErrors } from "../common/admin-error";
import { errorsFor } from "../common/field-errors";
import { useFieldErrors } from "../common/use-field-errors";
import { newPasswordErrors } from "./account-rules";
import { LinkProblem, type LinkProblemKind } from "./link-problem";
import { NewPasswordFields } from "./new-password-fields";
import { useLinkToken } from "./use-link-token";

const FIELDS = ["password", "confirm"] as const;
export const PASSWORD_CHANGED = "Your password has been changed. Sign in with the new one.";
const NEW_LINK = { to: "/admin/forgot-password", label: "Ask for a new link" };

/** Sets a new password with the emailed reset link; every session of the account ends. */
export function ResetPasswordForm() {
  const token = useLinkToken();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<LinkProblemKind | null>(token ? null : "missing");
  const [failure, setFailure] = useState<string | null>(null);
  const { form, errors, show, clear } = useFieldErrors(FIELDS);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const password = String(data.get("password") ?? "");
    const invalid = newPasswordErrors(password, String(data.get("confirm") ?? ""));
    if (Object.keys(invalid).length > 0) return show(invalid);
    setBusy(true);
    clear();
    setFailure(null);
    try {
      const { accounts } = await adminBackend();
      if (!accounts.confirmPasswordReset) return setProblem("unsupported");
      await accounts.confirmPasswordReset(token ?? "", password);
      await navigate("/admin/login", { replace: true, state: { notice: PASSWORD_CHANGED } });
    } catch (error) {
      console.error("Setting the new password failed:", error);
      const fields = errorsFor(FIELDS, fieldErrors(error));
      if (error instanceof AdminApiError && (error.code === "invalid-token" || fieldErrors(error).token))
        setProblem("used");
      else if (Object.keys(fields).length > 0) show(fields);
      else setFailure(adminErrorText(error, "The server could not be reached. Try again in a moment."));
    } finally {
      setBusy(false);
    }
  }

  if (problem) return <LinkProblem kind={problem} retry={NEW_LINK} />;
  return (
    <form ref={form} onSubmit={onSubmit} noValidate aria-label="Choose a new password" className="grid gap-5">
      <NewPasswordFields labels={{ password: "New password", confirm: "Confirm new password" }} errors={errors} />
      {failure && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {failure}
        </p>
      )}
      <Button type="submit" size="lg" disabled={busy} aria-busy={busy || undefined}>
        {busy ? "Saving..." : "Set new password"}
      </Button>
    </form>
  );
}
