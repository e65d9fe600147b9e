import { type FormEvent } from "react";
import { ControlMessages } from "../../components/ui/control-messages";
import { controlClasses } from "../../components/ui/control-classes";
import { useHydrated } from "../../components/ui/use-hydrated";
import { NewsletterConsentNotice } from "./newsletter-consent-notice";
import { PostedFormParts, postTarget } from "./posted-form";
import { SubmitButton } from "./submit-button";
import { focusFormHeading } from "./use-submission";
import { useNewsletter } from "./use-newsletter";
import { warmPublicBackend } from "../../backend/public-backend";

/**
 * The closing call to action on a dark band: it clears its field after every attempt it sends, successful
 * or not; an address it cannot send stays in the box with its error beside it.
 */
export function ClosingCtaForm() {
  const hydrated = useHydrated();
  const { email, setEmail, emailInput, errorTies, ids, busy, error, subscribe } = useNewsletter("cta_newsletter");

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const outcome = await subscribe(email.trim(), form);
    if (outcome !== "invalid") setEmail("");
    if (outcome === "sent") focusFormHeading(form);
  }

  return (
    <form
      {...postTarget("/api/newsletter")}
      noValidate={hydrated}
      onSubmit={onSubmit}
      onFocus={warmPublicBackend}
      aria-label="Start today"
      className="grid gap-3"
    >
      <PostedFormParts id="newsletter-cta" consent="newsletter" />
      <label htmlFor={ids.controlId} className="text-sm font-medium">
        Your email address
      </label>
      <div className="flex flex-col gap-3 sm:flex-row">
        <input {...emailInput} {...errorTies} required className={controlClasses("min-h-12 flex-1 py-2", "dark")} />
        <SubmitButton
          busy={busy}
          disabled={hydrated && email.trim() === ""}
          label="Start Today"
          busyLabel="Subscribing..."
          variant="inverse"
          size="lg"
        />
      </div>
      <ControlMessages ids={ids} error={error} tone="dark" />
      <NewsletterConsentNotice tone="dark" />
    </form>
  );
}
