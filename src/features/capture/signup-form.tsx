import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import { Checkbox } from "../../components/ui/checkbox";
import { Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { Select } from "../../components/ui/select";
import { CONSENT_WORDING } from "../../domain/consent";
import { LIMITS } from "../../domain/limits";
import { SIGNUP_ORGANIZATION_TYPES, SIGNUP_PROPERTY_COUNTS } from "../../domain/options";
import type { SignupInput } from "../../domain/schemas";
import { Honeypot } from "./honeypot";
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
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="First Name" required error={fieldErrors.firstName}>
          <Input name="firstName" autoComplete="given-name" maxLength={LIMITS.name} />
        </Field>
        <Field label="Last Name" required error={fieldErrors.lastName}>
          <Input name="lastName" autoComplete="family-name" maxLength={LIMITS.name} />
        </Field>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Email" required error={fieldErrors.email}>
          <Input name="email" type="email" autoComplete="email" maxLength={LIMITS.email} />
        </Field>
        <Field label="Phone" hint="Optional" error={fieldErrors.phone}>
          <Input name="phone" type="tel" autoComplete="tel" maxLength={LIMITS.phone} />
        </Field>
      </div>
      <Field label="Company Name" required error={fieldErrors.companyName}>
        <Input name="companyName" autoComplete="organization" maxLength={LIMITS.company} />
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Organization Type" required error={fieldErrors.organizationType}>
          <Select name="organizationType" defaultValue="" placeholder="Select your organization type" options={SIGNUP_ORGANIZATION_TYPES} />
        </Field>
        <Field label="Number of Properties" required error={fieldErrors.propertyCount}>
          <Select name="propertyCount" defaultValue="" placeholder="Select number of properties" options={SIGNUP_PROPERTY_COUNTS} />
        </Field>
      </div>
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
