import { Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { LIMITS } from "../../domain/limits";
import { DEMO_ORGANIZATION_TYPES, DEMO_PROPERTY_COUNTS } from "../../domain/options";
import { CountedTextarea } from "./counted-textarea";
import { CompanyField, EmailField, FieldRow, PhoneField } from "./lead-fields";
import { LeadForm } from "./lead-form";
import { OrganizationFields } from "./organization-fields";
import { demoPayload } from "./payloads";

export function DemoForm() {
  return (
    <LeadForm type="demo" toInput={demoPayload} label="Demo request form" submitLabel="Request Demo">
      {(errors) => (
        <>
          <FieldRow>
            <EmailField errors={errors} label="Business Email" />
            <PhoneField errors={errors} label="Phone Number" required />
          </FieldRow>
          <FieldRow>
            <CompanyField errors={errors} />
            <Field label="Job Title" hint="Optional" error={errors.jobTitle}>
              <Input name="jobTitle" autoComplete="organization-title" maxLength={LIMITS.jobTitle} />
            </Field>
          </FieldRow>
          <OrganizationFields
            errors={errors}
            organizationTypes={DEMO_ORGANIZATION_TYPES}
            propertyCounts={DEMO_PROPERTY_COUNTS}
          />
          <Field
            label="Current Challenges"
            hint="Optional: what would you like the demo to focus on?"
            error={errors.challenges}
          >
            <CountedTextarea name="challenges" max={LIMITS.challenges} rows={4} />
          </Field>
        </>
      )}
    </LeadForm>
  );
}
