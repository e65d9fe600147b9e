import { Send } from "lucide-react";
import { useState, type FormEvent } from "react";
import { AdminApiError, type TeamAdmin } from "../../../backend/admin-port";
import { Button } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { Select } from "../../../components/ui/select";
import { useToast } from "../../../components/ui/toast";
import { INVITATION_TTL_MS, ROLE_LABELS, ROLES, type Role } from "../../../domain/roles";
import { adminErrorText, fieldErrors } from "../common/admin-error";
import { errorsFor } from "../common/field-errors";
import { useFieldErrors } from "../common/use-field-errors";

const FIELDS = ["email", "role"] as const;
const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));
const VALID_HOURS = INVITATION_TTL_MS / 3_600_000;

/** Invites a new colleague by email: a single-use link, valid for 72 hours, to set their name and password. */
export function InviteForm({ team }: { team: TeamAdmin }) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const { form, errors, show, clear } = useFieldErrors(FIELDS);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const element = event.currentTarget;
    const data = new FormData(element);
    const email = String(data.get("email") ?? "").trim();
    const role = String(data.get("role") ?? "sales") as Role;
    if (!email) return show({ email: "Enter the email address to invite." });
    setBusy(true);
    clear();
    try {
      await team.invite(email, role);
      element.reset();
      toast({
        title: "Invitation sent",
        description: `${email} will get an email with a link to join as ${ROLE_LABELS[role]}, valid for ${VALID_HOURS} hours.`,
      });
    } catch (error) {
      console.error("The invitation failed:", error);
      const fields = errorsFor(FIELDS, fieldErrors(error));
      if (error instanceof AdminApiError && error.code === "exists")
        fields.email = "An account with this email already exists.";
      if (Object.keys(fields).length > 0) show(fields);
      else
        toast({
          title: "The invitation was not sent",
          description: adminErrorText(error, "The server could not be reached or failed."),
          variant: "destructive",
        });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      ref={form}
      onSubmit={onSubmit}
      noValidate
      aria-label="Invite a colleague"
      className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_12rem_auto] sm:items-start"
    >
      <Field label="Email" error={errors.email} required>
        <Input name="email" type="email" autoComplete="off" maxLength={254} />
      </Field>
      <Field label="Role" error={errors.role} hint="Sales work records only.">
        <Select name="role" defaultValue="sales" options={ROLE_OPTIONS} />
      </Field>
      <Button type="submit" disabled={busy} aria-busy={busy || undefined} className="sm:mt-7">
        <Send aria-hidden="true" className="h-4 w-4" /> {busy ? "Sending…" : "Send invitation"}
      </Button>
    </form>
  );
}
