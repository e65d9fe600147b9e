import type { FormEvent } from "react";
import { Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { NewsletterConsentNotice } from "./newsletter-consent-notice";
import { SubmitButton } from "./submit-button";
import { useNewsletter } from "./use-newsletter";
import { warmPublicBackend } from "../../backend/public-backend";

/** The newsletter card's form: cleared on success, kept on failure. */
export function NewsletterForm() {
  const { email, setEmail, emailInput, busy, error, subscribe } = useNewsletter("newsletter");

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (await subscribe(email.trim())) setEmail("");
  }

  return (
    <form onSubmit={onSubmit} onFocus={warmPublicBackend} aria-label="Newsletter signup" className="grid gap-3">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <Field label="Email address" required error={error} className="flex-1">
          <Input {...emailInput} />
        </Field>
        <SubmitButton busy={busy} disabled={email.trim() === ""} label="Subscribe" busyLabel="Subscribing..." />
      </div>
      <NewsletterConsentNotice />
    </form>
  );
}
