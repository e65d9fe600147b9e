import { afterEach, expect, it, vi } from "vitest";
import { serverLoad, startLoadGauge, type LoadGauge } from "./server-load";

// The server's load as the webhook sender reads it: high while the sampling thread is kept busy, and
// for the samples it covers after; low once it has only waited that long.

let gauge: LoadGauge | null = null;
afterEach(() => gauge?.stop());

/** Keeps this thread running for `ms`, in slices with a turn of the event loop between them (so the sampler runs). */
async function keepBusy(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    const slice = performance.now() + 20;
    while (performance.now() < slice);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

it("reads high while the server's thread is busy, through a short wait, and low once it has waited longer", async () => {
  gauge = startLoadGauge(50, 40);
  expect(serverLoad(gauge.buffer)).toBe(0);
  await keepBusy(400);
  expect(serverLoad(gauge.buffer)).toBeGreaterThan(0.5);
  // 150 ms of waiting is three samples of the 40 (2 s) it covers: the busy ones before them still count.
  await new Promise((resolve) => setTimeout(resolve, 150));
  expect(serverLoad(gauge.buffer)).toBeGreaterThan(0.5);
  await vi.waitFor(() => expect(serverLoad(gauge!.buffer)).toBeLessThan(0.2), { timeout: 6_000, interval: 25 });
});
