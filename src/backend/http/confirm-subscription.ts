import { clientEnv } from "../../config/env";
import type { ConfirmSubscriptionStatus } from "../../domain/privacy";
import type { ConfirmSubscriptionInput } from "../../domain/schemas";
import type { ConfirmSubscriptionResult } from "../port";

const REQUEST_TIMEOUT_MS = 10_000;

/** POST /api/newsletter/confirm {token, consentVersion}; safe to repeat (the server answers "already-confirmed"). */
export async function postConfirmSubscription(input: ConfirmSubscriptionInput): Promise<ConfirmSubscriptionResult> {
  let response: Response;
  try {
    response = await fetch(`${clientEnv.apiBase}/api/newsletter/confirm`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(input),
      credentials: "same-origin",
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    return { ok: false, reason: "network", message: error instanceof Error ? error.message : String(error) };
  }
  const payload = (await response.json().catch(() => null)) as { status?: ConfirmSubscriptionStatus; message?: string } | null;
  if (response.ok && payload?.status) return { ok: true, status: payload.status };
  if (response.status === 400) return { ok: false, reason: "invalid-token", message: payload?.message ?? "This confirmation link is not valid." };
  if (response.status === 410) return { ok: false, reason: "expired-token", message: payload?.message ?? "This confirmation link has expired." };
  return { ok: false, reason: "server", message: `HTTP ${response.status}` };
}
