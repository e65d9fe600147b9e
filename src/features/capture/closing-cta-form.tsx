import { useId, type FormEvent } from "react";
import { controlClasses } from "../../components/ui/control-classes";
import { NewsletterConsentNotice } from "./newsletter-consent-notice";
import { SubmitButton } from "./submit-button";
import { useNewsletter } from "./use-newsletter";
import { warmPublicBackend } from "../../backend/public-backend";

/** The closing call to action on a dark band: it clears its field after every attempt, successful or not. */
export function ClosingCtaForm() {
  const id = useId();
  const { email, setEmail, emailInput, busy, subscribe } = useNewsletter("cta_newsletter");

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    await subscribe(email.trim());
    setEmail("");
  }

  return (
    <form onSubmit={onSubmit} onFocus={warmPublicBackend} aria-label="Start today" className="grid gap-3">
      <label htmlFor={id} className="text-sm font-medium">
        Your email address
      </label>
      <div className="flex flex-col gap-3 sm:flex-row">
        <input
          id={id}
          {...emailInput}
          required
          className={controlClasses("min-h-12 flex-1 py-2")}
        />
        <SubmitButton
          busy={busy}
          disabled={email.trim() === ""}
          label="Start Today"
          busyLabel="Subscribing..."
          variant="inverse"
          size="lg"
        />
      </div>
      <NewsletterConsentNotice tone="dark" />
    </form>
  );
}
