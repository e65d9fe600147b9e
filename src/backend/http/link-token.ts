import { clientEnv } from "../../config/env";

const REQUEST_TIMEOUT_MS = 10_000;

/** How the server refuses a link's token, by HTTP status: our reason, and the words used when it sends none. */
export type LinkTokenRefusals<Reason extends string> = Partial<Record<number, { reason: Reason; message: string }>>;

export type LinkTokenResult<Status, Reason extends string> =
  { ok: true; status: Status } | { ok: false; reason: Reason | "network" | "server"; message: string };

/**
 * POSTs what an emailed link carries (its token, and anything that goes with it) as JSON; safe to repeat,
 * the server answers "already ..." the second time. One attempt: the visitor is there to press again.
 */
export async function postLinkToken<Status extends string, Reason extends string>(
  path: string,
  body: object,
  refusals: LinkTokenRefusals<Reason>,
): Promise<LinkTokenResult<Status, Reason>> {
  let response: Response;
  try {
    response = await fetch(`${clientEnv.apiBase}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
      credentials: "same-origin",
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    return { ok: false, reason: "network", message: error instanceof Error ? error.message : String(error) };
  }
  const payload = (await response.json().catch(() => null)) as { status?: Status; message?: string } | null;
  if (response.ok && payload?.status) return { ok: true, status: payload.status };
  const refusal = refusals[response.status];
  if (refusal) return { ok: false, reason: refusal.reason, message: payload?.message ?? refusal.message };
  return { ok: false, reason: "server", message: `HTTP ${response.status}` };
}
