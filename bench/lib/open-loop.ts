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
  p99: number;
  failures: number;
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

/** POSTs `rate` signups a second to `${url}/api/leads` for `seconds`; waits for the last answer (10 s at most). */
export async function openLoop(url: string, rate: number, seconds: number): Promise<OpenLoopResult> {
  if (!url.startsWith("http://127.0.0.1:")) throw new Error("benches only talk to 127.0.0.1");
  const { port } = new URL(url);
  const agent = new Agent({ keepAlive: true, maxSockets: 512 });
  const total = Math.round(rate * seconds);
  const latencies: number[] = [];
  let failures = 0;
  let pending = 0;
  const started = performance.now();

  const send = (index: number, due: number) => {
    const body = signupBody(index);
    pending += 1;
    const call = request(
      {
        host: "127.0.0.1",
        port,
        path: "/api/leads",
        method: "POST",
        agent,
        headers: { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body), "Idempotency-Key": randomUUID() },
        timeout: 10_000,
      },
      (response) => {
        response.resume();
        response.on("end", () => {
          pending -= 1;
          if (response.statusCode === 201) latencies.push(performance.now() - due);
          else failures += 1;
        });
      },
    );
    call.on("error", () => {
      pending -= 1;
      failures += 1;
    });
    call.on("timeout", () => call.destroy());
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
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  return {
    offered: rate,
    achieved: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    failures,
  };
}
