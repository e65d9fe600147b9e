import type { FormEvent } from "react";
import { Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { useHydrated } from "../../components/ui/use-hydrated";
import { NewsletterConsentNotice } from "./newsletter-consent-notice";
import { PostedFormParts, postTarget } from "./posted-form";
import { SubmitButton } from "./submit-button";
import { focusFormHeading } from "./use-submission";
import { useNewsletter } from "./use-newsletter";
import { warmPublicBackend } from "../../backend/public-backend";

/** The newsletter card's form: cleared on success, kept on failure. */
export function NewsletterForm() {
  const hydrated = useHydrated();
  const { email, setEmail, emailInput, busy, error, subscribe } = useNewsletter("newsletter");

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    if ((await subscribe(email.trim(), form)) === "sent") {
      setEmail("");
      focusFormHeading(form);
    }
  }

  // The button waits for an address only once the page can enable it again (plain HTML could not).
  return (
    <form
      {...postTarget("/api/newsletter")}
      noValidate={hydrated}
      onSubmit={onSubmit}
      onFocus={warmPublicBackend}
      aria-label="Newsletter signup"
      className="grid gap-3"
    >
      <PostedFormParts id="newsletter-card" consent="newsletter" />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <Field label="Email address" required error={error} className="flex-1">
          <Input {...emailInput} />
        </Field>
        <SubmitButton
          busy={busy}
          disabled={hydrated && email.trim() === ""}
          label="Subscribe"
          busyLabel="Subscribing..."
          className="sm:mt-[1.625rem]"
        />
      </div>
      <NewsletterConsentNotice />
    </form>
  );
}
