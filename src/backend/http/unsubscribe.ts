import type { UnsubscribeStatus } from "../../domain/privacy";
import type { UnsubscribeResult } from "../port";
import { postLinkToken } from "./link-token";

/** POST /api/unsubscribe {token}; safe to repeat (the server answers "already-unsubscribed"). */
export function postUnsubscribe(token: string): Promise<UnsubscribeResult> {
  return postLinkToken<UnsubscribeStatus, "invalid-token">(
    "/api/unsubscribe",
    { token },
    {
      400: { reason: "invalid-token", message: "This unsubscribe link is not valid." },
    },
  );
}
