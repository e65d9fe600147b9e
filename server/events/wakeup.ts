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
