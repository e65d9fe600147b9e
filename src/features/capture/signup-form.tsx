import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import { Checkbox } from "../../components/ui/checkbox";
import { CONSENT_WORDING } from "../../domain/consent";
import { SIGNUP_ORGANIZATION_TYPES, SIGNUP_PROPERTY_COUNTS } from "../../domain/options";
import type { SignupInput } from "../../domain/schemas";
import { Honeypot } from "./honeypot";
import { CompanyField, EmailField, FieldRow, NameFields, PhoneField } from "./lead-fields";
import { OrganizationFields } from "./organization-fields";
import { SUBMISSION_TOASTS } from "./messages";
import { consentFields } from "./consent-context";
import { isChecked, textValues } from "./form-values";
import { SubmitButton } from "./submit-button";
import { useSubmission } from "./use-submission";
import { warmPublicBackend } from "../../backend/public-backend";
import { PrivacyNotice } from "./privacy-notice";

export function SignupForm() {
  // Remounting the selects on success clears them back to their placeholders.
  const [generation, setGeneration] = useState(0);
  const { busy, fieldErrors, submit } = useSubmission<SignupInput>({
    action: "signup",
    send: (backend, input, key) => backend.submitLead(input, { idempotencyKey: key }),
    toasts: SUBMISSION_TOASTS.signup,
  });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const values = textValues(form);
    const sent = await submit({
      type: "signup",
      firstName: values.firstName ?? "",
      lastName: values.lastName ?? "",
      email: values.email ?? "",
      phone: values.phone ?? "",
      companyName: values.companyName ?? "",
      organizationType: (values.organizationType ?? "") as SignupInput["organizationType"],
      propertyCount: (values.propertyCount ?? "") as SignupInput["propertyCount"],
      marketingOptIn: isChecked(form, "marketingOptIn"),
      termsAccepted: isChecked(form, "termsAccepted") as true,
      // The box's wording version; the server records a consent only when it was ticked.
      ...consentFields("marketing"),
      website: values.website ?? "",
    });
    if (sent) {
      form.reset();
      setGeneration((n) => n + 1);
    }
  }

  return (
    <form key={generation} onSubmit={onSubmit} onFocus={warmPublicBackend} aria-label="Signup form" className="relative grid gap-5">
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
      <Honeypot />
      <PrivacyNotice />
      <SubmitButton busy={busy} label="Get My Custom Quote" busyLabel="Submitting..." size="lg" />
    </form>
  );
}
