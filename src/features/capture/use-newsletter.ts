import { useState } from "react";
import type { BotCheckAction } from "../../domain/status";
import type { NewsletterInput } from "../../domain/schemas";
import { SUBMISSION_TOASTS } from "./messages";
import { useSubmission } from "./use-submission";

/** The email state and subscribe call shared by the newsletter card, the closing CTA and the hero box. */
export function useNewsletter(action: Extract<BotCheckAction, "newsletter" | "cta_newsletter">) {
  const [email, setEmail] = useState("");
  const { busy, fieldErrors, submit } = useSubmission<NewsletterInput>({
    action,
    send: (backend, input, key) => backend.subscribe(input, { idempotencyKey: key }),
    toasts: SUBMISSION_TOASTS.newsletter,
  });
  const subscribe = (address: string) => submit({ email: address, website: "" });
  return { email, setEmail, busy, error: fieldErrors.email, subscribe };
}
