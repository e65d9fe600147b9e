import { CONSENT_WORDING } from "../../domain/consent";
import { useLinkAction } from "./use-link-action";

/**
 * One press, one POST; a repeat is harmless (the server answers "already-confirmed"). The press is the
 * opt-in, so it carries the version of the wording shown beside the button (NewsletterConsentNotice).
 */
export const useConfirmSubscription = () =>
  useLinkAction(
    (backend, token) => backend.confirmSubscription?.({ token, consentVersion: CONSENT_WORDING.newsletter.version }),
    "Confirmation",
  );
