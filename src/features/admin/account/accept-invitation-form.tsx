import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { AdminApiError } from "../../../backend/admin-port";
import { adminBackend } from "../../../backend/admin-backend";
import { Button } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { NAME_MAX_LENGTH } from "../../../domain/roles";
import { adminErrorText, fieldErrors } from "../common/admin-error";
import { errorsFor } from "../common/field-errors";
import { useFieldErrors } from "../common/use-field-errors";
import { nameError, newPasswordErrors } from "./account-rules";
import { LinkProblem, type LinkProblemKind } from "./link-problem";
import { NewPasswordFields } from "./new-password-fields";
import { useLinkToken } from "./use-link-token";

const FIELDS = ["name", "password", "confirm"] as const;
export const ACCOUNT_CREATED = "Your account is ready. Sign in with your new password.";

/** Creates the invited account: the invitee's name and password; the account exists only from now. */
export function AcceptInvitationForm() {
  const token = useLinkToken();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<LinkProblemKind | null>(token ? null : "missing");
  const [failure, setFailure] = useState<string | null>(null);
  const { form, errors, show, clear } = useFieldErrors(FIELDS);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const name = String(data.get("name") ?? "").trim();
    const password = String(data.get("password") ?? "");
    const invalid = newPasswordErrors(password, String(data.get("confirm") ?? ""));
    const badName = nameError(name);
    if (badName) invalid.name = badName;
    if (Object.keys(invalid).length > 0) return show(invalid);
    setBusy(true);
    clear();
    setFailure(null);
    try {
      const { accounts } = await adminBackend();
      if (!accounts.acceptInvitation) return setProblem("unsupported");
      const { email } = await accounts.acceptInvitation(token ?? "", name, password);
      await navigate("/admin/login", { replace: true, state: { notice: ACCOUNT_CREATED, email } });
    } catch (error) {
      console.error("Accepting the invitation failed:", error);
      const fields = errorsFor(FIELDS, fieldErrors(error));
      if (error instanceof AdminApiError && (error.code === "invalid-token" || fieldErrors(error).token))
        setProblem("used");
      else if (Object.keys(fields).length > 0) show(fields);
      else setFailure(adminErrorText(error, "The server could not be reached. Try again in a moment."));
    } finally {
      setBusy(false);
    }
  }

  // A used or expired invitation cannot be renewed by its holder: an admin sends a new one.
  if (problem)
    return (
      <LinkProblem
        kind={problem}
        retry={null}
        advice={problem === "unsupported" ? undefined : "If it still does not work, ask an admin to invite you again."}
      />
    );
  return (
    <form ref={form} onSubmit={onSubmit} noValidate aria-label="Accept invitation" className="grid gap-5">
      <Field label="Your name" error={errors.name} hint="As your colleagues will see it." required>
        <Input name="name" autoComplete="name" maxLength={NAME_MAX_LENGTH} />
      </Field>
      <NewPasswordFields labels={{ password: "Password", confirm: "Confirm password" }} errors={errors} />
      {failure && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {failure}
        </p>
      )}
      <Button type="submit" size="lg" disabled={busy} aria-busy={busy || undefined}>
        {busy ? "Creating..." : "Create account"}
      </Button>
    </form>
  );
}
