import type { FormEvent } from "react";
import { Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { Textarea } from "../../components/ui/textarea";
import type { ContactInput } from "../../domain/schemas";
import { LIMITS } from "../../domain/limits";
import { Honeypot } from "./honeypot";
import { SUBMISSION_TOASTS } from "./messages";
import { textValues } from "./form-values";
import { SubmitButton } from "./submit-button";
import { useSubmission } from "./use-submission";
import { warmPublicBackend } from "../../backend/public-backend";
import { PrivacyNotice } from "./privacy-notice";

export function ContactForm() {
  const { busy, fieldErrors, submit } = useSubmission<ContactInput>({
    action: "contact",
    send: (backend, input, key) => backend.submitContact(input, { idempotencyKey: key }),
    toasts: SUBMISSION_TOASTS.contact,
  });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const values = textValues(form);
    const sent = await submit({
      firstName: values.firstName ?? "",
      lastName: values.lastName ?? "",
      email: values.email ?? "",
      phone: values.phone ?? "",
      message: values.message ?? "",
      website: values.website ?? "",
    });
    if (sent) form.reset();
  }

  return (
    <form onSubmit={onSubmit} onFocus={warmPublicBackend} aria-label="Contact form" className="relative grid gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="First Name" required error={fieldErrors.firstName}>
          <Input name="firstName" autoComplete="given-name" maxLength={LIMITS.name} />
        </Field>
        <Field label="Last Name" required error={fieldErrors.lastName}>
          <Input name="lastName" autoComplete="family-name" maxLength={LIMITS.name} />
        </Field>
      </div>
      <Field label="Email" required error={fieldErrors.email}>
        <Input name="email" type="email" autoComplete="email" maxLength={LIMITS.email} />
      </Field>
      <Field label="Phone" hint="Optional" error={fieldErrors.phone}>
        <Input name="phone" type="tel" autoComplete="tel" maxLength={LIMITS.phone} />
      </Field>
      <Field label="Message" required error={fieldErrors.message}>
        <Textarea name="message" maxLength={LIMITS.message} rows={6} />
      </Field>
      <Honeypot />
      <PrivacyNotice />
      <SubmitButton busy={busy} label="Send Message" busyLabel="Sending..." size="lg" />
    </form>
  );
}
