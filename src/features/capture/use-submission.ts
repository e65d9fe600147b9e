import { useCallback, useEffect, useRef, useState } from "react";
import { useToast, type ToastMessage } from "../../components/ui/toast";
import { getBotCheckToken } from "../../backend/bot-check";
import type { PublicBackend, SubmitResult } from "../../backend/port";
import { publicBackend } from "../../backend/public-backend";
import type { FieldErrors } from "../../domain/schemas";
import type { BotCheckAction } from "../../domain/status";
import { newIdempotencyKey } from "./idempotency-key";

export interface SubmissionOptions<TInput> {
  action: BotCheckAction;
  send: (backend: PublicBackend, input: TInput, idempotencyKey: string) => Promise<SubmitResult>;
  toasts: { success: ToastMessage; failure: ToastMessage };
  /** The shared schema's rules for the fields the visitor fills in (domain/field-checks.ts). */
  check: (input: TInput) => FieldErrors;
}

type WithToken<TInput> = TInput & { recaptchaToken?: string };

/** How an attempt ended: sent; held back or refused for a wrong field (shown beside it); or failed (a toast). */
export type SubmitOutcome = "sent" | "invalid" | "failed";

/** The field the server names, if the form shows it (an error on a field it does not show is a failure). */
function shows(form: HTMLFormElement, name: string): boolean {
  const control = form.elements.namedItem(name);
  return control instanceof HTMLElement && !(control instanceof HTMLInputElement && control.type === "hidden");
}

/**
 * Runs one form submission: the form's own checks, then the bot-check token, the back-end call with a
 * fresh Idempotency-Key, the toasts. Resolves "sent" on success so the form can clear itself; otherwise
 * the input stays as it was. A wrong field, found here or by the server, is shown beside the field (all of
 * them at once) and focus goes to the first; the failure toast is for what really failed (network,
 * server, rate limit).
 */
export function useSubmission<TInput extends object>({ action, send, toasts, check }: SubmissionOptions<TInput>) {
  const [busy, setBusy] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const inFlight = useRef(false);
  const shownIn = useRef<HTMLFormElement | null>(null);
  const toast = useToast();

  // Once the errors are on the page, the first field marked invalid (in the page's order) takes focus.
  useEffect(() => {
    shownIn.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    shownIn.current = null;
  }, [fieldErrors]);

  const submit = useCallback(
    async (input: TInput, form: HTMLFormElement): Promise<SubmitOutcome> => {
      // A second press while one is on its way sends nothing (and clears nothing).
      if (inFlight.current) return "invalid";
      const showErrors = (errors: FieldErrors) => {
        shownIn.current = form;
        setFieldErrors(errors);
      };
      const problems = check(input);
      if (Object.keys(problems).length > 0) {
        showErrors(problems);
        return "invalid";
      }
      inFlight.current = true;
      setBusy(true);
      setFieldErrors({});
      try {
        const token = await getBotCheckToken(action);
        // A null token is left out of the payload: the field is optional, and the server stores the lead as "missing".
        const payload: WithToken<TInput> = token ? { ...input, recaptchaToken: token } : input;
        const backend = await publicBackend();
        // One key per attempt; the adapter reuses it for its own retries of this attempt.
        const result = await send(backend, payload, newIdempotencyKey());
        if (result.ok) {
          toast(toasts.success);
          return "sent";
        }
        console.error(
          `Submission (${action}) failed:`,
          result.reason,
          result.reason === "validation" ? result.fields : result.message,
        );
        if (result.reason === "validation" && Object.keys(result.fields).some((name) => shows(form, name))) {
          showErrors(result.fields);
          return "invalid";
        }
        toast(toasts.failure);
        return "failed";
      } catch (error) {
        console.error(`Submission (${action}) failed:`, error);
        toast(toasts.failure);
        return "failed";
      } finally {
        inFlight.current = false;
        setBusy(false);
      }
    },
    [action, send, toast, toasts, check],
  );

  return { busy, fieldErrors, submit };
}

/**
 * After a successful send, focus goes where the visitor can read what happened: the heading of the
 * section the form is in (its success toast is announced too), rather than falling to the page.
 */
export function focusFormHeading(form: HTMLElement): void {
  const id = form.closest("[aria-labelledby]")?.getAttribute("aria-labelledby");
  const heading = id ? document.getElementById(id) : null;
  if (!heading) return;
  heading.tabIndex = -1;
  heading.focus();
}
