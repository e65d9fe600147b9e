import { randomUUID } from "node:crypto";
import autocannon from "autocannon";
import { issueRenderStamp } from "../../server/security/render-stamp";

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  sent: number;
  /** Answers other than 201, plus connection errors and timeouts. */
  failures: number;
}

export interface LoadOptions {
  connections: number;
  durationSeconds: number;
  /** A fixed offered load (requests per second across all connections); unset means as fast as it goes. */
  overallRate?: number;
  /** Each signup carries a fresh render stamp signed with this key (10 s old), as a form that fetched one does. */
  stampKey?: Buffer;
}

let sequence = 0;

/** A signup the server accepts, with its own email; the form sends one Idempotency-Key per attempt. */
function signupRequest(stampKey?: Buffer) {
  sequence += 1;
  const stamp = stampKey ? { renderStamp: issueRenderStamp(stampKey, new Date(Date.now() - 10_000)) } : {};
  return {
    headers: { "content-type": "application/json", "idempotency-key": randomUUID() },
    body: JSON.stringify({
      type: "signup",
      firstName: "Bench",
      lastName: `Visitor ${sequence}`,
      email: `bench-${process.pid}-${sequence}@example.co.za`,
      phone: "+27 82 555 0101",
      companyName: "Bench Properties",
      organizationType: "property-management",
      propertyCount: "6-20",
      marketingOptIn: false,
      termsAccepted: true,
      ...stamp,
    }),
  };
}

/** A contact message the server accepts, each with its own email and words (so none reads as repeated content). */
function contactRequest() {
  sequence += 1;
  return {
    headers: { "content-type": "application/json", "idempotency-key": randomUUID() },
    body: JSON.stringify({
      firstName: "Bench",
      lastName: `Visitor ${sequence}`,
      email: `bench-${process.pid}-${sequence}@example.co.za`,
      phone: "+27 82 555 0101",
      message: `We manage ${sequence} units in Durban and would like to know how Erf handles levies (${randomUUID()}).`,
    }),
  };
}

const FORMS = {
  signup: { path: "/api/leads", request: signupRequest },
  contact: { path: "/api/contacts", request: contactRequest },
};

/** POSTs distinct signups to `${url}/api/leads`. Bounded by duration; talks to 127.0.0.1 only. */
export const postLeads = (url: string, options: LoadOptions): Promise<LoadResult> => postForm(url, "signup", options);

/** POSTs distinct submissions of one form (signups to /api/leads, or contact messages to /api/contacts). */
export async function postForm(url: string, form: keyof typeof FORMS, options: LoadOptions): Promise<LoadResult> {
  if (!url.startsWith("http://127.0.0.1:")) throw new Error("benches only talk to 127.0.0.1");
  const { path, request: next } = FORMS[form];
  const result = await autocannon({
    url,
    connections: options.connections,
    duration: options.durationSeconds,
    ...(options.overallRate !== undefined && { overallRate: options.overallRate }),
    timeout: 10,
    requests: [{ method: "POST", path, setupRequest: (request) => ({ ...request, ...next(options.stampKey) }) }],
  });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    sent: result.requests.sent,
    // Requests still in flight when the time is up are neither.
    failures: result.non2xx + result.errors + result.timeouts,
  };
}
