import { type FormEvent } from "react";
import { useNavigate } from "react-router";
import { ControlMessages } from "../../components/ui/control-messages";
import { controlClasses } from "../../components/ui/control-classes";
import { useHydrated } from "../../components/ui/use-hydrated";
import { NewsletterConsentNotice } from "./newsletter-consent-notice";
import { PostedFormParts, postTarget } from "./posted-form";
import { SubmitButton } from "./submit-button";
import { useNewsletter } from "./use-newsletter";
import { warmPublicBackend } from "../../backend/public-backend";

/**
 * Hero email box: an empty box goes straight to /signup; otherwise subscribe, then go to /signup on
 * success, with focus at the start of that page's content. A rejected address keeps its error beside it.
 */
export function HeroEmailBox() {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const { email, emailInput, errorTies, ids, busy, error, subscribe } = useNewsletter("newsletter");

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const address = email.trim();
    if (address === "" || (await subscribe(address, event.currentTarget)) === "sent") {
      await navigate("/signup");
      document.getElementById("main")?.focus();
    }
  }

  return (
    <form
      {...postTarget("/api/newsletter")}
      noValidate={hydrated}
      onSubmit={onSubmit}
      onFocus={warmPublicBackend}
      aria-label="Get started"
      className="w-full max-w-xl"
    >
      <PostedFormParts id="hero" consent="newsletter" noticeClassName="mb-3" />
      <label htmlFor={ids.controlId} className="mb-1.5 block text-sm font-medium text-slate-800">
        Work email
      </label>
      <div className="flex flex-col gap-3 sm:flex-row">
        <input {...emailInput} {...errorTies} className={controlClasses("min-h-12 flex-1 py-2")} />
        <SubmitButton busy={busy} label="Get Started" busyLabel="Subscribing..." size="lg" />
      </div>
      <ControlMessages ids={ids} error={error} className="mt-1.5" />
      {/* A given address is subscribed to the newsletter, so the box says so where it is typed. */}
      <NewsletterConsentNotice className="mt-2" />
    </form>
  );
}
