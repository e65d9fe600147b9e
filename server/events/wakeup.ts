/**
 * A latched signal: fire() while nobody waits is remembered, so a change that lands while a stream
 * is busy sending is not lost.
 */
export function createWakeup() {
  let fired = false;
  let resolveWait: ((woken: boolean) => void) | null = null;
  return {
    fire() {
      if (resolveWait) {
        const resolve = resolveWait;
        resolveWait = null;
        resolve(true);
      } else {
        fired = true;
      }
    },
    /** Forgets a fire() nobody waited for: call it just before a read that covers whatever fired it. */
    clear() {
      fired = false;
    },
    /** True when fired, false when timeoutMs passed first. */
    wait(timeoutMs: number): Promise<boolean> {
      if (fired) {
        fired = false;
        return Promise.resolve(true);
      }
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          resolveWait = null;
          resolve(false);
        }, timeoutMs);
        resolveWait = (woken) => {
          clearTimeout(timer);
          resolve(woken);
        };
      });
    },
  };
}

export interface PollingLoop {
  /** Runs the next pass now instead of at the next poll. */
  wake(): void;
  start(): void;
  /** Ends the loop after the pass in progress, if any. */
  stop(): Promise<void>;
}

export interface PollingLoopOptions {
  pollMs: number;
  onFailure: (error: unknown) => void;
  /**
   * A pass woken early starts at least this long after the previous one started, so the wake-ups that
   * arrive meanwhile (one per commit) are handled together: a pass has a fixed cost in queries, and
   * under load a pass per commit would spend most of its time on that. A function is asked after
   * each pass (the webhook sender's gap grows while the server is busy).
   */
  minGapMs?: number | (() => number);
}

/**
 * A background worker's loop (the mail outbox's, the webhook worker's): `pass`, then wait for a
 * wake-up or `pollMs`, until stopped. A failed pass goes to `onFailure` and the next poll
 * tries again (the database may be briefly away).
 */
export function createPollingLoop(
  pass: () => Promise<unknown>,
  { pollMs, onFailure, minGapMs = 0 }: PollingLoopOptions,
): PollingLoop {
  const wakeup = createWakeup();
  let running = false;
  let loop: Promise<void> | null = null;
  /** Ends the minimum gap being waited out, if any (stop() does not wait for it). */
  let endGap: (() => void) | null = null;
  const gap = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      endGap = () => {
        clearTimeout(timer);
        resolve();
      };
    }).finally(() => (endGap = null));
  return {
    wake: wakeup.fire,
    start() {
      if (running) return;
      running = true;
      loop = (async () => {
        while (running) {
          const started = performance.now();
          try {
            await pass();
          } catch (error) {
            onFailure(error);
          }
          const woken = await wakeup.wait(pollMs);
          const rest = (typeof minGapMs === "function" ? minGapMs() : minGapMs) - (performance.now() - started);
          if (woken && running && rest > 0) await gap(rest);
        }
      })();
    },
    async stop() {
      running = false;
      wakeup.fire();
      endGap?.();
      await loop;
    },
  };
}
