import type { ConfirmSubscriptionStatus } from "../../domain/privacy";
import type { ConfirmSubscriptionInput } from "../../domain/schemas";
import type { ConfirmSubscriptionResult } from "../port";
import { postLinkToken } from "./link-token";

/** POST /api/newsletter/confirm {token, consentVersion}; safe to repeat (the server answers "already-confirmed"). */
export function postConfirmSubscription(input: ConfirmSubscriptionInput): Promise<ConfirmSubscriptionResult> {
  return postLinkToken<ConfirmSubscriptionStatus, "invalid-token" | "expired-token">("/api/newsletter/confirm", input, {
    400: { reason: "invalid-token", message: "This confirmation link is not valid." },
    410: { reason: "expired-token", message: "This confirmation link has expired." },
  });
}
