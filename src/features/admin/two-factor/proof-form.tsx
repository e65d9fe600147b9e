import { useRef, useState, type FormEvent } from "react";
import { Button, type ButtonVariant } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";

/** What a refused proof says: beside the field it names, or for the form as a whole. */
export interface ProofErrors {
  password?: string;
  code?: string;
  form?: string;
}

interface ProofFormProps {
  /** The form's accessible name. */
  label: string;
  intro: string;
  submitLabel: string;
  busyLabel: string;
  /** Two-factor is on: a current code (or a recovery code) is asked for too. */
  withCode: boolean;
  variant?: ButtonVariant;
  /** Resolves to the errors to show, or null when done. */
  onProof: (proof: { password: string; code?: string }) => Promise<ProofErrors | null>;
}

/**
 * The "sudo" step before a two-factor change (decision 0043): the password again, and while two-factor
 * is on a current code from the app or a recovery code. The password stays in its password input and is
 * emptied after every try; a refused field is focused, with its error tied to it.
 */
export function ProofForm({
  label,
  intro,
  submitLabel,
  busyLabel,
  withCode,
  variant = "primary",
  onProof,
}: ProofFormProps) {
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<ProofErrors>({});
  const password = useRef<HTMLInputElement>(null);
  const code = useRef<HTMLInputElement>(null);

  function show(next: ProofErrors) {
    setErrors(next);
    if (next.password) password.current?.focus();
    else if (next.code) code.current?.focus();
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = password.current?.value ?? "";
    const current = (code.current?.value ?? "").replace(/\s+/g, "");
    const missing: ProofErrors = {
      ...(!typed && { password: "Enter your password." }),
      ...(withCode && !current && { code: "Enter the code your authenticator app shows now, or a recovery code." }),
    };
    if (missing.password || missing.code) return show(missing);
    setBusy(true);
    const failure = await onProof({ password: typed, ...(withCode && { code: current }) });
    setBusy(false);
    // Never left in the page: typed again for another try.
    if (password.current) password.current.value = "";
    if (failure) {
      if (failure.code && code.current) code.current.value = "";
      show(failure);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label={label} className="grid gap-4">
      <p className="text-sm text-slate-700">{intro}</p>
      {errors.form ? (
        <p role="alert" className="text-sm font-medium text-red-800">
          {errors.form}
        </p>
      ) : null}
      <Field label="Password" error={errors.password ?? null} required>
        <Input ref={password} name="password" type="password" autoComplete="current-password" />
      </Field>
      {withCode ? (
        <Field
          label="Current authentication code"
          hint="The code your authenticator app shows now for this account, or one of your recovery codes."
          error={errors.code ?? null}
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
      ) : null}
      <Button type="submit" variant={variant} size="lg" disabled={busy} aria-busy={busy || undefined}>
        {busy ? busyLabel : submitLabel}
      </Button>
    </form>
  );
}
