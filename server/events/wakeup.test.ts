import { afterEach, expect, it, vi } from "vitest";
import { createPollingLoop, type PollingLoop } from "./wakeup";

// The background loops' pacing: a wake-up runs the next pass at once, unless the loop has a minimum gap,
// when the wake-ups that arrive within it are handled by one pass. Counted, not timed.

const turn = () => new Promise((resolve) => setImmediate(resolve));
let loop: PollingLoop | null = null;
afterEach(() => loop?.stop());

function counting(minGapMs?: number | (() => number)) {
  const state = { passes: 0 };
  loop = createPollingLoop(async () => void (state.passes += 1), {
    pollMs: 60_000,
    onFailure: (error) => expect.fail(String(error)),
    ...(minGapMs !== undefined && { minGapMs }),
  });
  loop.start();
  return state;
}

it("runs a pass for each wake-up, without a gap", async () => {
  const state = counting();
  await vi.waitFor(() => expect(state.passes).toBe(1));
  for (let woken = 1; woken <= 20; woken += 1) {
    loop!.wake();
    await vi.waitFor(() => expect(state.passes).toBe(woken + 1));
  }
});

it("handles the wake-ups that arrive within the minimum gap with one pass", async () => {
  const state = counting(1_000);
  await vi.waitFor(() => expect(state.passes).toBe(1));
  const woken = performance.now();
  for (let i = 0; i < 20; i += 1) {
    loop!.wake();
    await turn();
  }
  await vi.waitFor(() => expect(state.passes).toBe(2), { timeout: 5_000 });
  // Not before the gap since the first pass; and the other nineteen wake-ups ran no pass of their own.
  expect(performance.now() - woken).toBeGreaterThan(500);
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(state.passes).toBe(2);
});

it("asks a gap given as a function after each pass", async () => {
  let gapMs = 0;
  const state = counting(() => gapMs);
  await vi.waitFor(() => expect(state.passes).toBe(1));
  loop!.wake();
  await vi.waitFor(() => expect(state.passes).toBe(2));
  gapMs = 60_000;
  loop!.wake();
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(state.passes).toBe(2);
});

it("stops at once, though waiting out a gap", async () => {
  const state = counting(60_000);
  await vi.waitFor(() => expect(state.passes).toBe(1));
  loop!.wake();
  await turn();
  const started = performance.now();
  await loop!.stop();
  expect(performance.now() - started).toBeLessThan(1_000);
  expect(state.passes).toBe(1);
});
