import { useState } from "react";
import { useTypedBeforeHydration } from "../../components/ui/use-typed-before-hydration";
import type { BotCheckAction } from "../../domain/status";
import type { NewsletterInput } from "../../domain/schemas";
import { consentFields } from "./consent-context";
import { SUBMISSION_TOASTS } from "./messages";
import { useSubmission } from "./use-submission";

/** The email state and subscribe call shared by the newsletter card, the closing CTA and the hero box. */
export function useNewsletter(action: Extract<BotCheckAction, "newsletter" | "cta_newsletter">) {
  const [email, setEmail] = useState("");
  const emailField = useTypedBeforeHydration<HTMLInputElement>(setEmail);
  const { busy, fieldErrors, submit } = useSubmission<NewsletterInput>({
    action,
    send: (backend, input, key) => backend.subscribe(input, { idempotencyKey: key }),
    toasts: SUBMISSION_TOASTS.newsletter,
  });
  // Every newsletter box shows the newsletter wording (NewsletterConsentNotice); its version goes along.
  const subscribe = (address: string) => submit({ email: address, ...consentFields("newsletter"), website: "" });
  return { email, setEmail, emailField, busy, error: fieldErrors.email, subscribe };
}
