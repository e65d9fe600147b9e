import { useState, type ComponentProps } from "react";
import { useControlDescription } from "../../components/ui/control-messages";
import { useTypedBeforeHydration } from "../../components/ui/use-typed-before-hydration";
import { newsletterProblems } from "../../domain/field-rules";
import { LIMITS } from "../../domain/limits";
import type { BotCheckAction } from "../../domain/status";
import type { NEWSLETTER_FIELDS } from "../../domain/newsletter-fields";
import type { NewsletterInput } from "../../domain/schemas";
import { consentFields } from "./consent-context";
import { firstTouch } from "./first-touch";
import type { EveryVisitorField } from "./payloads";
import { NEWSLETTER_TOASTS } from "./newsletter-messages";
import { useSubmission } from "./use-submission";

/** Every newsletter box shows the newsletter wording (NewsletterConsentNotice); its version goes along. */
export const subscriptionPayload = (email: string): NewsletterInput =>
  ({ email, ...consentFields("newsletter"), ...firstTouch(), website: "" }) satisfies NewsletterInput &
    EveryVisitorField<typeof NEWSLETTER_FIELDS>;

/**
 * The email state and subscribe call shared by the newsletter card, the closing CTA and the hero box. A box
 * outside a <Field> (the hero, the closing CTA) also spreads `errorTies` on its input and shows the error
 * with ControlMessages and `ids`.
 */
export function useNewsletter(action: Extract<BotCheckAction, "newsletter" | "cta_newsletter">) {
  const [email, setEmail] = useState("");
  const emailField = useTypedBeforeHydration<HTMLInputElement>(setEmail);
  const { busy, fieldErrors, submit } = useSubmission<NewsletterInput>({
    action,
    send: (backend, input, key) => backend.subscribe(input, { idempotencyKey: key }),
    toasts: NEWSLETTER_TOASTS,
    check: newsletterProblems,
  });
  const error = fieldErrors.email;
  const ids = useControlDescription(undefined, null, error);
  const subscribe = (address: string, form: HTMLFormElement) => submit(subscriptionPayload(address), form);
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
  const errorTies = {
    id: ids.controlId,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": ids.describedBy,
  } satisfies ComponentProps<"input">;
  return { email, setEmail, emailInput, errorTies, ids, busy, error, subscribe };
}
