import { Field } from "../../components/ui/field";
import { Textarea } from "../../components/ui/textarea";
import type { ContactInput } from "../../domain/schemas";
import { LIMITS } from "../../domain/limits";
import { CaptureForm } from "./capture-form";
import { EmailField, NameFields, PhoneField } from "./lead-fields";
import { SUBMISSION_TOASTS } from "./messages";
import { contactPayload } from "./payloads";
import { useCaptureForm } from "./use-capture-form";

export function ContactForm() {
  const { busy, fieldErrors, onSubmit } = useCaptureForm<ContactInput>(
    {
      action: "contact",
      send: (backend, input, key) => backend.submitContact(input, { idempotencyKey: key }),
      toasts: SUBMISSION_TOASTS.contact,
    },
    contactPayload,
  );

  return (
    <CaptureForm label="Contact form" onSubmit={onSubmit} busy={busy} submitLabel="Send Message" busyLabel="Sending...">
      <NameFields errors={fieldErrors} />
      <EmailField errors={fieldErrors} />
      <PhoneField errors={fieldErrors} />
      <Field label="Message" required error={fieldErrors.message}>
        <Textarea name="message" maxLength={LIMITS.message} rows={6} />
      </Field>
    </CaptureForm>
  );
}
