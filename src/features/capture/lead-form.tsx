import type { ReactNode } from "react";
import { checkFields, termsProblem } from "../../domain/field-checks";
import { LEAD_FIELDS } from "../../domain/lead-fields";
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

/** The shared schema's rules for a lead's fields, and the signup's terms box. */
function checkLead(input: LeadInput): FieldErrors {
  const problems = checkFields(LEAD_FIELDS, input, input.type);
  const terms = input.type === "signup" ? termsProblem(input.termsAccepted) : null;
  return terms ? { ...problems, termsAccepted: terms } : problems;
}

/** The signup and demo forms: each sends a lead, and each starts with the name fields. */
export function LeadForm({ type, toInput, label, submitLabel, children }: LeadFormProps) {
  const { busy, fieldErrors, onSubmit, generation } = useCaptureForm<LeadInput>(
    {
      action: type,
      send: (backend, input, key) => backend.submitLead(input, { idempotencyKey: key }),
      toasts: SUBMISSION_TOASTS[type],
      check: checkLead,
    },
    toInput,
  );

  // Remounting on success clears the selects back to their placeholders.
  return (
    <CaptureForm
      key={generation}
      id={type}
      action="/api/leads"
      consent={type === "signup" ? "marketing" : undefined}
      label={label}
      onSubmit={onSubmit}
      busy={busy}
      submitLabel={submitLabel}
      busyLabel="Submitting..."
    >
      <NameFields errors={fieldErrors} />
      {children(fieldErrors)}
    </CaptureForm>
  );
}
