import { Field } from "../../components/ui/field";
import { Select, type SelectOption } from "../../components/ui/select";
import type { FieldErrors } from "../../domain/schemas";
import { FieldRow } from "./lead-fields";

export interface OrganizationFieldsProps {
  errors: FieldErrors;
  organizationTypes: readonly SelectOption[];
  propertyCounts: readonly SelectOption[];
}

/** Organization type and number of properties: the two required choices of the signup and demo forms. */
export function OrganizationFields({ errors, organizationTypes, propertyCounts }: OrganizationFieldsProps) {
  return (
    <FieldRow>
      <Field label="Organization Type" required error={errors.organizationType}>
        <Select
          name="organizationType"
          defaultValue=""
          placeholder="Select your organization type"
          options={organizationTypes}
        />
      </Field>
      <Field label="Number of Properties" required error={errors.propertyCount}>
        <Select
          name="propertyCount"
          defaultValue=""
          placeholder="Select number of properties"
          options={propertyCounts}
        />
      </Field>
    </FieldRow>
  );
}
