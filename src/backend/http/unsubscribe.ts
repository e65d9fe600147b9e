import { clientEnv } from "../../config/env";
import type { UnsubscribeStatus } from "../../domain/privacy";
import type { UnsubscribeResult } from "../port";

const REQUEST_TIMEOUT_MS = 10_000;

/** POST /api/unsubscribe {token}; safe to repeat (the server answers "already-unsubscribed"). */
export async function postUnsubscribe(token: string): Promise<UnsubscribeResult> {
  let response: Response;
  try {
    response = await fetch(`${clientEnv.apiBase}/api/unsubscribe`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ token }),
      credentials: "same-origin",
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    return { ok: false, reason: "network", message: error instanceof Error ? error.message : String(error) };
  }
  const payload = (await response.json().catch(() => null)) as { status?: UnsubscribeStatus; message?: string } | null;
  if (response.ok && payload?.status) return { ok: true, status: payload.status };
  if (response.status === 400) return { ok: false, reason: "invalid-token", message: payload?.message ?? "This unsubscribe link is not valid." };
  return { ok: false, reason: "server", message: `HTTP ${response.status}` };
}
