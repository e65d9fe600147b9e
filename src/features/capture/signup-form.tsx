import { Link } from "react-router";
import { Checkbox } from "../../components/ui/checkbox";
import { CONSENT_WORDING } from "../../domain/consent";
import { SIGNUP_ORGANIZATION_TYPES, SIGNUP_PROPERTY_COUNTS } from "../../domain/options";
import { CompanyField, EmailField, FieldRow, PhoneField } from "./lead-fields";
import { LeadForm } from "./lead-form";
import { OrganizationFields } from "./organization-fields";
import { signupPayload } from "./payloads";

export function SignupForm() {
  return (
    <LeadForm type="signup" toInput={signupPayload} label="Signup form" submitLabel="Get My Custom Quote">
      {(errors) => (
        <>
          <FieldRow>
            <EmailField errors={errors} />
            <PhoneField errors={errors} />
          </FieldRow>
          <CompanyField errors={errors} />
          <OrganizationFields
            errors={errors}
            organizationTypes={SIGNUP_ORGANIZATION_TYPES}
            propertyCounts={SIGNUP_PROPERTY_COUNTS}
          />
          {/* Never pre-ticked (POPIA s69): the person has to tick it themselves. */}
          <Checkbox
            name="marketingOptIn"
            defaultChecked={false}
            label={CONSENT_WORDING.marketing.text}
            error={errors.marketingOptIn}
          />
          <Checkbox
            name="termsAccepted"
            required
            error={errors.termsAccepted}
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
                <span aria-hidden="true" className="ml-0.5 text-red-700">
                  *
                </span>
              </>
            }
          />
        </>
      )}
    </LeadForm>
  );
}
