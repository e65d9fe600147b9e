import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import { isIP } from "node:net";
import { performance } from "node:perf_hooks";
import { Webhook } from "standardwebhooks";
import { WEBHOOK_TIMEOUT_MS } from "../../src/domain/webhooks";
import { guardedLookup, isPublicAddress, type AddressPolicy } from "./address-guard";

// One signed POST of a delivery, as the Standard Webhooks specification has it: webhook-id,
// webhook-timestamp and webhook-signature (HMAC-SHA256 of "id.timestamp.body", by the standardwebhooks
// package). During a rotation both secrets sign, their signatures space-separated. Node's http client
// follows no redirect: a 3xx is a failure like any other non-2xx. The whole attempt, connection
// included, has WEBHOOK_TIMEOUT_MS.

export interface Signed {
  id: string;
  body: string;
  secrets: readonly string[];
  at: Date;
}

/** The three headers of a delivery. */
export function signatureHeaders({ id, body, secrets, at }: Signed): Record<string, string> {
  const signatures = secrets.map((secret) => new Webhook(secret).sign(id, at, body));
  return {
    "webhook-id": id,
    "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
    "webhook-signature": signatures.join(" "),
  };
}

export interface SendResult {
  status: number | null;
  durationMs: number;
  error: string | null;
}

/** How much of an answer is read (and thrown away) before the socket is let go. */
const ANSWER_LIMIT = 64 * 1024;

export function sendWebhook(
  url: string,
  signed: Signed,
  policy: AddressPolicy,
  timeoutMs = WEBHOOK_TIMEOUT_MS,
): Promise<SendResult> {
  const started = performance.now();
  const elapsed = () => performance.now() - started;
  return new Promise((resolve) => {
    let settled = false;
    // Declared before finish: a URL refused before the request starts finishes with no timer set.
    let timer: NodeJS.Timeout | undefined = undefined;
    const finish = (result: Omit<SendResult, "durationMs">) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...result, durationMs: elapsed() });
    };
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return finish({ status: null, error: "The URL does not parse" });
    }
    // A literal address never reaches the lookup: judge it here.
    const host = target.hostname.replace(/^\[|\]$/g, "");
    if (!policy.allowPrivate && isIP(host) && !isPublicAddress(host))
      return finish({ status: null, error: `${host} is not on the public internet` });
    if (target.protocol !== "https:" && !(policy.allowPrivate && target.protocol === "http:"))
      return finish({ status: null, error: "Only https:// URLs are sent to" });
    const send = target.protocol === "https:" ? httpsRequest : httpRequest;
    const request = send(target, {
      method: "POST",
      lookup: guardedLookup(policy) as never,
      headers: {
        "content-type": "application/json",
        "user-agent": "Erf-Webhooks/1",
        "content-length": Buffer.byteLength(signed.body),
        ...signatureHeaders(signed),
      },
    });
    timer = setTimeout(() => {
      request.destroy();
      finish({ status: null, error: `No answer within ${Math.round(timeoutMs / 1000)} s` });
    }, timeoutMs);
    request.on("response", (response) => {
      let read = 0;
      response.on("data", (chunk: Buffer) => {
        read += chunk.length;
        if (read > ANSWER_LIMIT) response.destroy();
      });
      const done = () => {
        const status = response.statusCode ?? null;
        const ok = status !== null && status >= 200 && status < 300;
        finish({
          status,
          error: ok
            ? null
            : status !== null && status >= 300 && status < 400
              ? `Answered ${status} (redirects are not followed)`
              : `Answered ${status}`,
        });
      };
      response.on("end", done);
      response.on("close", done);
      response.on("error", done);
    });
    request.on("error", (error: NodeJS.ErrnoException) =>
      finish({
        status: null,
        error: error.code === "EBLOCKEDADDRESS" ? error.message : `${error.code ?? "Error"}: ${error.message}`,
      }),
    );
    request.end(signed.body);
  });
}
