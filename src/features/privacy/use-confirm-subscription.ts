import { useCallback, useState } from "react";
import type { ConfirmSubscriptionResult } from "../../backend/port";
import { publicBackend } from "../../backend/public-backend";
import { CONSENT_WORDING } from "../../domain/consent";

export type ConfirmSubscriptionState =
  | { step: "ready" }
  | { step: "busy" }
  | { step: "done"; result: ConfirmSubscriptionResult }
  /** The configured back end has no server to check the token (the Firebase build). */
  | { step: "unsupported" };

/**
 * One press, one POST; a repeat is harmless (the server answers "already-confirmed"). The press is the
 * opt-in, so it carries the version of the wording shown beside the button (NewsletterConsentNotice).
 */
export function useConfirmSubscription(token: string) {
  const [state, setState] = useState<ConfirmSubscriptionState>({ step: "ready" });
  const confirm = useCallback(async () => {
    setState({ step: "busy" });
    try {
      const backend = await publicBackend();
      if (!backend.confirmSubscription) return setState({ step: "unsupported" });
      setState({ step: "done", result: await backend.confirmSubscription({ token, consentVersion: CONSENT_WORDING.newsletter.version }) });
    } catch (error) {
      console.error("Confirmation failed:", error);
      setState({ step: "done", result: { ok: false, reason: "network", message: "Could not reach the server." } });
    }
  }, [token]);
  return { state, confirm };
}
