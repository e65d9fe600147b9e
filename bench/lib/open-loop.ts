// A fixed offered load, spaced evenly: request i is due at start + i / rate, sent on the first millisecond
// tick at or after that, whatever happened to the ones before (an open loop; autocannon's fixed rate sends
// each second's quota in a burst, which measures its own queue). Latency counts from the moment a request
// was due, so a generator or server that falls behind shows it (no coordinated omission).
import { randomUUID } from "node:crypto";
import { Agent, request } from "node:http";
import { percentile } from "./table";

export interface OpenLoopResult {
  offered: number;
  /** Answers per second over the run (201s only). */
  achieved: number;
  p50: number;
  p90: number;
  p99: number;
  p999: number;
  max: number;
  /** Requests sent. */
  sent: number;
  failures: number;
  /** Answers by HTTP status; connection errors and timeouts count as failures only. */
  statuses: Map<number, number>;
  /** The requests that got no answer, by error code ("timeout" for the 10 s timeout, "unanswered" at the end). */
  errors: Map<string, number>;
}

export interface OpenLoopOptions {
  /** The i-th request's path and JSON body; default: a distinct signup to /api/leads. */
  next?: (index: number) => { path: string; body: string };
  /** Called with each answer: its status and its latency from when it was due. */
  onAnswer?: (status: number, latencyMs: number) => void;
}

function signupBody(sequence: number): string {
  return JSON.stringify({
    type: "signup",
    firstName: "Bench",
    lastName: `Steady ${sequence}`,
    email: `steady-${process.pid}-${Date.now()}-${sequence}@example.co.za`,
    companyName: "Bench Properties",
    organizationType: "property-management",
    propertyCount: "6-20",
    marketingOptIn: false,
    termsAccepted: true,
  });
}

const nextSignup = (index: number) => ({ path: "/api/leads", body: signupBody(index) });

/** POSTs `rate` requests a second (signups to `${url}/api/leads` unless `next` says otherwise) for `seconds`; waits for the last answer (10 s at most). */
export async function openLoop(url: string, rate: number, seconds: number, { next: nextRequest = nextSignup, onAnswer }: OpenLoopOptions = {}): Promise<OpenLoopResult> {
  if (!url.startsWith("http://127.0.0.1:")) throw new Error("benches only talk to 127.0.0.1");
  const { port } = new URL(url);
  const agent = new Agent({ keepAlive: true, maxSockets: 512 });
  const total = Math.round(rate * seconds);
  const latencies: number[] = [];
  let failures = 0;
  let pending = 0;
  const statuses = new Map<number, number>();
  const errors = new Map<string, number>();
  const started = performance.now();

  const send = (index: number, due: number) => {
    const { path, body } = nextRequest(index);
    pending += 1;
    const call = request(
      {
        host: "127.0.0.1",
        port,
        path,
        method: "POST",
        agent,
        headers: { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body), "Idempotency-Key": randomUUID() },
        timeout: 10_000,
      },
      (response) => {
        response.resume();
        response.on("end", () => {
          pending -= 1;
          const status = response.statusCode ?? 0;
          const latency = performance.now() - due;
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          onAnswer?.(status, latency);
          if (status === 201) latencies.push(latency);
          else failures += 1;
        });
      },
    );
    let timedOut = false;
    call.on("error", (error: NodeJS.ErrnoException) => {
      pending -= 1;
      failures += 1;
      const code = timedOut ? "timeout" : (error.code ?? error.message);
      errors.set(code, (errors.get(code) ?? 0) + 1);
    });
    call.on("timeout", () => {
      timedOut = true;
      call.destroy();
    });
    call.end(body);
  };

  await new Promise<void>((resolve) => {
    let next = 0;
    const tick = () => {
      const now = performance.now();
      while (next < total && started + (next * 1000) / rate <= now) {
        send(next, started + (next * 1000) / rate);
        next += 1;
      }
      if (next < total) setTimeout(tick, 1);
      else resolve();
    };
    tick();
  });
  const deadline = performance.now() + 10_000;
  while (pending > 0 && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
  failures += pending;
  if (pending > 0) errors.set("unanswered", pending);
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  return {
    offered: rate,
    achieved: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p90: percentile(latencies, 90),
    p99: percentile(latencies, 99),
    p999: percentile(latencies, 99.9),
    max: latencies.reduce((max, value) => Math.max(max, value), 0),
    sent: total,
    failures,
    statuses,
    errors,
  };
}
