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

/**
 * A background worker's loop (the mail outbox's, the webhook dispatcher's): `pass`, then wait for a
 * wake-up or `pollMs`, until stopped. A failed pass goes to `onFailure` and the next poll
 * tries again (the database may be briefly away).
 */
export function createPollingLoop(pass: () => Promise<unknown>, { pollMs, onFailure }: { pollMs: number; onFailure: (error: unknown) => void }): PollingLoop {
  const wakeup = createWakeup();
  let running = false;
  let loop: Promise<void> | null = null;
  return {
    wake: wakeup.fire,
    start() {
      if (running) return;
      running = true;
      loop = (async () => {
        while (running) {
          try {
            await pass();
          } catch (error) {
            onFailure(error);
          }
          await wakeup.wait(pollMs);
        }
      })();
    },
    async stop() {
      running = false;
      wakeup.fire();
      await loop;
    },
  };
}
