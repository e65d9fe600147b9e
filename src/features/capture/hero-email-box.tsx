import { useId, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { controlClasses } from "../../components/ui/control-classes";
import { NewsletterConsentNotice } from "./newsletter-consent-notice";
import { SubmitButton } from "./submit-button";
import { useNewsletter } from "./use-newsletter";
import { warmPublicBackend } from "../../backend/public-backend";

/** Hero email box: an empty box goes straight to /signup; otherwise subscribe, then go to /signup on success. */
export function HeroEmailBox() {
  const id = useId();
  const navigate = useNavigate();
  const { email, emailInput, busy, subscribe } = useNewsletter("newsletter");

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const address = email.trim();
    if (address === "" || (await subscribe(address))) {
      await navigate("/signup");
    }
  }

  return (
    <form onSubmit={onSubmit} onFocus={warmPublicBackend} aria-label="Get started" className="w-full max-w-xl">
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-800">
        Work email
      </label>
      <div className="flex flex-col gap-3 sm:flex-row">
        <input
          id={id}
          {...emailInput}
          className={controlClasses("min-h-12 flex-1 py-2")}
        />
        <SubmitButton busy={busy} label="Get Started" busyLabel="Subscribing..." size="lg" />
      </div>
      {/* A given address is subscribed to the newsletter, so the box says so where it is typed. */}
      <NewsletterConsentNotice className="mt-2" />
    </form>
  );
}
