// A fixed offered load, spaced evenly: request i is due at start + i / rate, sent on the first millisecond
// tick at or after that, whatever happened to the ones before (an open loop; autocannon's fixed rate sends
// each second's quota in a burst, which measures its own queue). Latency counts from the moment a request
// was due, so a generator or server that falls behind shows it (no coordinated omission).
import { randomUUID } from "node:crypto";
import { LeanHttpClient } from "./lean-http";
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
  /** CPU the generator's own process used (user + system), in ms per request sent. */
  generatorCpuMsPerRequest: number;
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
export async function openLoop(
  url: string,
  rate: number,
  seconds: number,
  { next: nextRequest = nextSignup, onAnswer }: OpenLoopOptions = {},
): Promise<OpenLoopResult> {
  if (!url.startsWith("http://127.0.0.1:")) throw new Error("benches only talk to 127.0.0.1");
  const client = new LeanHttpClient(Number(new URL(url).port));
  const total = Math.round(rate * seconds);
  const latencies: number[] = [];
  let failures = 0;
  let pending = 0;
  const statuses = new Map<number, number>();
  const errors = new Map<string, number>();
  let finished = false;
  const cpuBefore = process.cpuUsage();
  const started = performance.now();

  const send = (index: number, due: number) => {
    const { path, body } = nextRequest(index);
    pending += 1;
    client.post(path, body, { "Idempotency-Key": randomUUID() }, 10_000, (status, error) => {
      if (finished) return; // counted as unanswered below
      pending -= 1;
      if (error !== undefined) {
        failures += 1;
        errors.set(error, (errors.get(error) ?? 0) + 1);
        return;
      }
      const latency = performance.now() - due;
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      onAnswer?.(status, latency);
      if (status === 201) latencies.push(latency);
      else failures += 1;
    });
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
  finished = true;
  failures += pending;
  if (pending > 0) errors.set("unanswered", pending);
  const elapsed = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  client.destroy();
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
    generatorCpuMsPerRequest: (cpu.user + cpu.system) / 1000 / Math.max(total, 1),
  };
}
