import type { ReactNode } from "react";
import type { FieldErrors, LeadInput } from "../../domain/schemas";
import { CaptureForm } from "./capture-form";
import { NameFields } from "./lead-fields";
import { SUBMISSION_TOASTS } from "./messages";
import { useCaptureForm } from "./use-capture-form";

export interface LeadFormProps {
  /** Which lead the form sends, which also picks its toasts. */
  type: "signup" | "demo";
  /** Reads the form's fields into the lead the server takes. */
  toInput: (values: Record<string, string>, form: HTMLFormElement) => LeadInput;
  /** The form's accessible name. */
  label: string;
  submitLabel: string;
  /** The fields after the name fields, given the errors the server returned. */
  children: (errors: FieldErrors) => ReactNode;
}

/** The signup and demo forms: each sends a lead, and each starts with the name fields. */
export function LeadForm({ type, toInput, label, submitLabel, children }: LeadFormProps) {
  const { busy, fieldErrors, onSubmit, generation } = useCaptureForm<LeadInput>(
    {
      action: type,
      send: (backend, input, key) => backend.submitLead(input, { idempotencyKey: key }),
      toasts: SUBMISSION_TOASTS[type],
    },
    toInput,
  );

  // Remounting on success clears the selects back to their placeholders.
  return (
    <CaptureForm key={generation} label={label} onSubmit={onSubmit} busy={busy} submitLabel={submitLabel} busyLabel="Submitting...">
      <NameFields errors={fieldErrors} />
      {children(fieldErrors)}
    </CaptureForm>
  );
}
