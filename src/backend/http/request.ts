import { clientEnv } from "../../config/env";
import type { SubmitResult } from "../port";

const RETRY_DELAYS_MS = [400, 1200];
const REQUEST_TIMEOUT_MS = 10_000;

function isRetryable(status: number) {
  return status === 502 || status === 503 || status === 504;
}

/**
 * POSTs JSON with an Idempotency-Key. Network errors and gateway failures are retried with the same key,
 * so the server stores the submission at most once.
 */
export async function postSubmission(path: string, body: unknown, idempotencyKey: string): Promise<SubmitResult> {
  let lastFailure: SubmitResult = { ok: false, reason: "network", message: "Network error" };
  for (let attempt = 0; attempt <= RETRY_DELAYS_MS.length; attempt++) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, RETRY_DELAYS_MS[attempt - 1]));
    let response: Response;
    try {
      response = await fetch(`${clientEnv.apiBase}${path}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "Idempotency-Key": idempotencyKey },
        body: JSON.stringify(body),
        credentials: "same-origin",
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      lastFailure = { ok: false, reason: "network", message: error instanceof Error ? error.message : String(error) };
      continue;
    }
    const payload: unknown = await response.json().catch(() => null);
    if (response.ok) {
      const id = (payload as { id?: unknown } | null)?.id;
      return { ok: true, id: typeof id === "string" ? id : String(id ?? "") };
    }
    if (response.status === 400 && payload && typeof payload === "object" && "fields" in payload) {
      return { ok: false, reason: "validation", fields: (payload as { fields: Record<string, string> }).fields };
    }
    if (response.status === 429) {
      return { ok: false, reason: "rate-limited", message: "Too many requests; please wait a minute." };
    }
    lastFailure = { ok: false, reason: "server", message: `HTTP ${response.status}` };
    if (!isRetryable(response.status)) break;
  }
  return lastFailure;
}
