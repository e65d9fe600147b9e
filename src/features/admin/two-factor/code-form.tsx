import { useRef, useState, type FormEvent } from "react";
import { Button, type ButtonVariant } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";

interface CodeFormProps {
  /** The form's accessible name. */
  label: string;
  submitLabel: string;
  busyLabel: string;
  hint: string;
  variant?: ButtonVariant;
  /** Resolves to an error to show beside the field, or null when done. */
  onCode: (code: string) => Promise<string | null>;
}

/** One authenticator code, with its error beside the field; a refused code is cleared and focused for the next. */
export function CodeForm({ label, submitLabel, busyLabel, hint, variant = "primary", onCode }: CodeFormProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = (input.current?.value ?? "").replace(/\s+/g, "");
    if (!code) {
      setError("Enter the 6-digit code from your authenticator app.");
      input.current?.focus();
      return;
    }
    setBusy(true);
    const failure = await onCode(code);
    setBusy(false);
    setError(failure);
    if (failure && input.current) {
      input.current.value = "";
      input.current.focus();
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label={label} className="grid gap-4">
      <Field label="Authentication code" hint={hint} error={error} required>
        <Input
          ref={input}
          name="code"
          autoComplete="one-time-code"
          inputMode="numeric"
          autoCapitalize="off"
          spellCheck={false}
          maxLength={32}
        />
      </Field>
      <Button type="submit" variant={variant} size="lg" disabled={busy} aria-busy={busy || undefined}>
        {busy ? busyLabel : submitLabel}
      </Button>
    </form>
  );
}
