import { Field } from "../../components/ui/field";
import { CONTACT_FIELDS } from "../../domain/contact-fields";
import { checkFields } from "../../domain/field-checks";
import type { ContactInput } from "../../domain/schemas";
import { LIMITS } from "../../domain/limits";
import { CaptureForm } from "./capture-form";
import { CountedTextarea } from "./counted-textarea";
import { EmailField, NameFields, PhoneField } from "./lead-fields";
import { SUBMISSION_TOASTS } from "./messages";
import { contactPayload } from "./payloads";
import { useCaptureForm } from "./use-capture-form";

export function ContactForm() {
  const { busy, fieldErrors, onSubmit, generation } = useCaptureForm<ContactInput>(
    {
      action: "contact",
      send: (backend, input, key) => backend.submitContact(input, { idempotencyKey: key }),
      toasts: SUBMISSION_TOASTS.contact,
      check: (input) => checkFields(CONTACT_FIELDS, input),
    },
    contactPayload,
  );

  // Remounting on success clears the character count with the fields.
  return (
    <CaptureForm
      key={generation}
      id="contact"
      action="/api/contacts"
      label="Contact form"
      onSubmit={onSubmit}
      busy={busy}
      submitLabel="Send Message"
      busyLabel="Sending..."
    >
      <NameFields errors={fieldErrors} />
      <EmailField errors={fieldErrors} />
      <PhoneField errors={fieldErrors} />
      <Field label="Message" required error={fieldErrors.message}>
        <CountedTextarea name="message" max={LIMITS.message} rows={6} />
      </Field>
    </CaptureForm>
  );
}
