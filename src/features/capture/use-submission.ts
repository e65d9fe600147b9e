import { useCallback, useRef, useState } from "react";
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
}

type WithToken<TInput> = TInput & { recaptchaToken?: string };

/**
 * Runs one form submission: bot-check token, the back-end call with a fresh Idempotency-Key, the toasts.
 * Resolves true on success so the form can clear itself; on failure the input stays as it was.
 */
export function useSubmission<TInput extends object>({ action, send, toasts }: SubmissionOptions<TInput>) {
  const [busy, setBusy] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const inFlight = useRef(false);
  const toast = useToast();

  const submit = useCallback(
    async (input: TInput): Promise<boolean> => {
      if (inFlight.current) return false;
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
          return true;
        }
        if (result.reason === "validation") setFieldErrors(result.fields);
        console.error(`Submission (${action}) failed:`, result.reason, result.reason === "validation" ? result.fields : result.message);
        toast(toasts.failure);
        return false;
      } catch (error) {
        console.error(`Submission (${action}) failed:`, error);
        toast(toasts.failure);
        return false;
      } finally {
        inFlight.current = false;
        setBusy(false);
      }
    },
    [action, send, toast, toasts],
  );

  return { busy, fieldErrors, submit };
}
