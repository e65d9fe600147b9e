import { Link } from "react-router";
import { Checkbox } from "../../components/ui/checkbox";
import { CONSENT_WORDING } from "../../domain/consent";
import { SIGNUP_ORGANIZATION_TYPES, SIGNUP_PROPERTY_COUNTS } from "../../domain/options";
import type { SignupInput } from "../../domain/schemas";
import { CaptureForm } from "./capture-form";
import { CompanyField, EmailField, FieldRow, NameFields, PhoneField } from "./lead-fields";
import { OrganizationFields } from "./organization-fields";
import { SUBMISSION_TOASTS } from "./messages";
import { signupPayload } from "./payloads";
import { useCaptureForm } from "./use-capture-form";

export function SignupForm() {
  const { busy, fieldErrors, onSubmit, generation } = useCaptureForm<SignupInput>(
    {
      action: "signup",
      send: (backend, input, key) => backend.submitLead(input, { idempotencyKey: key }),
      toasts: SUBMISSION_TOASTS.signup,
    },
    signupPayload,
  );

  // Remounting on success clears the selects back to their placeholders.
  return (
    <CaptureForm key={generation} label="Signup form" onSubmit={onSubmit} busy={busy} submitLabel="Get My Custom Quote" busyLabel="Submitting...">
      <NameFields errors={fieldErrors} />
      <FieldRow>
        <EmailField errors={fieldErrors} />
        <PhoneField errors={fieldErrors} />
      </FieldRow>
      <CompanyField errors={fieldErrors} />
      <OrganizationFields errors={fieldErrors} organizationTypes={SIGNUP_ORGANIZATION_TYPES} propertyCounts={SIGNUP_PROPERTY_COUNTS} />
      {/* Never pre-ticked (POPIA s69): the person has to tick it themselves. */}
      <Checkbox name="marketingOptIn" defaultChecked={false} label={CONSENT_WORDING.marketing.text} error={fieldErrors.marketingOptIn} />
      <Checkbox
        name="termsAccepted"
        required
        error={fieldErrors.termsAccepted}
        label={
          <>
            I agree to the{" "}
            <Link to="/terms" className="font-medium text-brand-700 underline underline-offset-2">
              Terms of Service
            </Link>{" "}
            and{" "}
            <Link to="/privacy" className="font-medium text-brand-700 underline underline-offset-2">
              Privacy Policy
            </Link>
            <span aria-hidden="true" className="ml-0.5 text-red-700">*</span>
          </>
        }
      />
    </CaptureForm>
  );
}
