import type { ReactNode } from "react";
import { Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { LIMITS } from "../../domain/limits";
import type { FieldErrors } from "../../domain/schemas";

// The field blocks the contact, signup and demo forms share: same names (the server's schema keys), labels,
// autocomplete hints and limits everywhere. Each form passes the errors the server returned. The signup and
// demo forms' two selects are in organization-fields.tsx, so the contact page does not load them.

/** Two fields side by side from `sm`, one above the other below it. */
export function FieldRow({ children }: { children: ReactNode }) {
  return <div className="grid gap-5 sm:grid-cols-2">{children}</div>;
}

/** First and last name, side by side from `sm`. */
export function NameFields({ errors }: { errors: FieldErrors }) {
  return (
    <FieldRow>
      <Field label="First Name" required error={errors.firstName}>
        <Input name="firstName" autoComplete="given-name" maxLength={LIMITS.name} />
      </Field>
      <Field label="Last Name" required error={errors.lastName}>
        <Input name="lastName" autoComplete="family-name" maxLength={LIMITS.name} />
      </Field>
    </FieldRow>
  );
}

export interface EmailFieldProps {
  errors: FieldErrors;
  label?: string;
}

export function EmailField({ errors, label = "Email" }: EmailFieldProps) {
  return (
    <Field label={label} required error={errors.email}>
      <Input name="email" type="email" autoComplete="email" maxLength={LIMITS.email} />
    </Field>
  );
}

export interface PhoneFieldProps {
  errors: FieldErrors;
  label?: string;
  /** Optional fields say so under the box. */
  required?: boolean;
}

export function PhoneField({ errors, label = "Phone", required = false }: PhoneFieldProps) {
  return (
    <Field label={label} required={required} hint={required ? undefined : "Optional"} error={errors.phone}>
      <Input name="phone" type="tel" autoComplete="tel" maxLength={LIMITS.phone} />
    </Field>
  );
}

export function CompanyField({ errors }: { errors: FieldErrors }) {
  return (
    <Field label="Company Name" required error={errors.companyName}>
      <Input name="companyName" autoComplete="organization" maxLength={LIMITS.company} />
    </Field>
  );
}
