import { useState, type ComponentProps } from "react";
import { useTypedBeforeHydration } from "../../components/ui/use-typed-before-hydration";
import { LIMITS } from "../../domain/limits";
import type { BotCheckAction } from "../../domain/status";
import type { NewsletterInput } from "../../domain/schemas";
import { subscriptionPayload } from "./payloads";
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
  const subscribe = (address: string) => submit(subscriptionPayload(address));
  // One name, autofill hint, limit and placeholder for every newsletter box, bound to this state.
  const emailInput = {
    ref: emailField,
    name: "email",
    type: "email",
    autoComplete: "email",
    maxLength: LIMITS.email,
    placeholder: "you@company.co.za",
    value: email,
    onChange: (event) => setEmail(event.target.value),
  } satisfies ComponentProps<"input">;
  return { email, setEmail, emailInput, busy, error: fieldErrors.email, subscribe };
}
