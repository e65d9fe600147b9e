import { performance } from "node:perf_hooks";

// How busy the server's thread is, for the webhook sender to defer to (decisions 0041, 0042). The server's
// thread samples its own event-loop utilisation (the share of the time it spent running rather than
// waiting) and keeps the highest of its recent samples in shared memory, which the sender's thread reads
// at no cost to either. The highest, not the last: under load a quarter-second can dip (the thread
// waiting on its database), and a sender that took each dip for the end of the load would start a
// backlog's worth of work at full speed in the middle of it.

/** How often the server's thread samples itself. */
export const LOAD_SAMPLE_MS = 250;
/** The samples the reading covers: the last 2 s. */
export const LOAD_SAMPLES = 8;

export interface LoadGauge {
  /** The shared memory the sender reads (serverLoad). */
  readonly buffer: SharedArrayBuffer;
  stop(): void;
}

/** Starts sampling the calling thread's event-loop utilisation every `sampleMs`, keeping the highest of the last `samples`. */
export function startLoadGauge(sampleMs = LOAD_SAMPLE_MS, samples = LOAD_SAMPLES): LoadGauge {
  const buffer = new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT);
  const view = new Int32Array(buffer);
  const recent: number[] = [];
  let last = performance.eventLoopUtilization();
  const timer = setInterval(() => {
    const now = performance.eventLoopUtilization();
    // In thousandths: Atomics work on integers.
    recent.push(Math.round(performance.eventLoopUtilization(now, last).utilization * 1000));
    if (recent.length > samples) recent.shift();
    Atomics.store(view, 0, Math.max(...recent));
    last = now;
  }, sampleMs);
  timer.unref();
  return { buffer, stop: () => clearInterval(timer) };
}

/** The highest recent sample, from 0 (idle) to 1 (never waiting). */
export function serverLoad(buffer: SharedArrayBuffer): number {
  return Atomics.load(new Int32Array(buffer), 0) / 1000;
}
