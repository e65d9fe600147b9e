import { Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { Textarea } from "../../components/ui/textarea";
import { LIMITS } from "../../domain/limits";
import { DEMO_ORGANIZATION_TYPES, DEMO_PROPERTY_COUNTS } from "../../domain/options";
import type { DemoInput } from "../../domain/schemas";
import { CaptureForm } from "./capture-form";
import { CompanyField, EmailField, FieldRow, NameFields, PhoneField } from "./lead-fields";
import { OrganizationFields } from "./organization-fields";
import { SUBMISSION_TOASTS } from "./messages";
import { demoPayload } from "./payloads";
import { useCaptureForm } from "./use-capture-form";

export function DemoForm() {
  const { busy, fieldErrors, onSubmit, generation } = useCaptureForm<DemoInput>(
    {
      action: "demo",
      send: (backend, input, key) => backend.submitLead(input, { idempotencyKey: key }),
      toasts: SUBMISSION_TOASTS.demo,
    },
    demoPayload,
  );

  // Remounting on success clears the selects back to their placeholders.
  return (
    <CaptureForm key={generation} label="Demo request form" onSubmit={onSubmit} busy={busy} submitLabel="Request Demo" busyLabel="Submitting...">
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
    </CaptureForm>
  );
}
