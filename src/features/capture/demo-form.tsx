import { useState, type FormEvent } from "react";
import { Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { Textarea } from "../../components/ui/textarea";
import { LIMITS } from "../../domain/limits";
import { DEMO_ORGANIZATION_TYPES, DEMO_PROPERTY_COUNTS } from "../../domain/options";
import type { DemoInput } from "../../domain/schemas";
import { Honeypot } from "./honeypot";
import { CompanyField, EmailField, FieldRow, NameFields, PhoneField } from "./lead-fields";
import { OrganizationFields } from "./organization-fields";
import { SUBMISSION_TOASTS } from "./messages";
import { textValues } from "./form-values";
import { SubmitButton } from "./submit-button";
import { useSubmission } from "./use-submission";
import { warmPublicBackend } from "../../backend/public-backend";
import { PrivacyNotice } from "./privacy-notice";

export function DemoForm() {
  // Remounting on success clears the selects back to their placeholders.
  const [generation, setGeneration] = useState(0);
  const { busy, fieldErrors, submit } = useSubmission<DemoInput>({
    action: "demo",
    send: (backend, input, key) => backend.submitLead(input, { idempotencyKey: key }),
    toasts: SUBMISSION_TOASTS.demo,
  });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const values = textValues(form);
    const sent = await submit({
      type: "demo",
      firstName: values.firstName ?? "",
      lastName: values.lastName ?? "",
      email: values.email ?? "",
      phone: values.phone ?? "",
      companyName: values.companyName ?? "",
      jobTitle: values.jobTitle ?? "",
      organizationType: (values.organizationType ?? "") as DemoInput["organizationType"],
      propertyCount: (values.propertyCount ?? "") as DemoInput["propertyCount"],
      challenges: values.challenges ?? "",
      website: values.website ?? "",
    });
    if (sent) {
      form.reset();
      setGeneration((n) => n + 1);
    }
  }

  return (
    <form key={generation} onSubmit={onSubmit} onFocus={warmPublicBackend} aria-label="Demo request form" className="relative grid gap-5">
      <NameFields errors={fieldErrors} />
      <FieldRow>
        <EmailField errors={fieldErrors} label="Business Email" />
        <PhoneField errors={fieldErrors} label="Phone Number" required />
      </FieldRow>
      <FieldRow>
        <CompanyField errors={fieldErrors} />
        <Field label="Job Title" hint="Optional" error={fieldErrors.jobTitle}>
          <Input name="jobTitle" autoComplete="organization-title" maxLength={LIMITS.jobTitle} />
        </Field>
      </FieldRow>
      <OrganizationFields errors={fieldErrors} organizationTypes={DEMO_ORGANIZATION_TYPES} propertyCounts={DEMO_PROPERTY_COUNTS} />
      <Field label="Current Challenges" hint="Optional: what would you like the demo to focus on?" error={fieldErrors.challenges}>
        <Textarea name="challenges" maxLength={LIMITS.challenges} rows={4} />
      </Field>
      <Honeypot />
      <PrivacyNotice />
      <SubmitButton busy={busy} label="Request Demo" busyLabel="Submitting..." size="lg" />
    </form>
  );
}
