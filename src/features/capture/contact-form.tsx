import type { FormEvent } from "react";
import { Field } from "../../components/ui/field";
import { Textarea } from "../../components/ui/textarea";
import type { ContactInput } from "../../domain/schemas";
import { LIMITS } from "../../domain/limits";
import { Honeypot } from "./honeypot";
import { EmailField, NameFields, PhoneField } from "./lead-fields";
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
      <NameFields errors={fieldErrors} />
      <EmailField errors={fieldErrors} />
      <PhoneField errors={fieldErrors} />
      <Field label="Message" required error={fieldErrors.message}>
        <Textarea name="message" maxLength={LIMITS.message} rows={6} />
      </Field>
      <Honeypot />
      <PrivacyNotice />
      <SubmitButton busy={busy} label="Send Message" busyLabel="Sending..." size="lg" />
    </form>
  );
}
