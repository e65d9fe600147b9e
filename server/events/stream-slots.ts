// How many live streams may be open at once. Each holds a connection, a wake-up listener and a read of
// the change log after every commit, so without a cap one session (or a stolen cookie) could open them
// until the server ran out of sockets or time. Counted per process: the cap protects this process.

/** A dashboard tab holds one stream; ten covers a person's tabs and windows with room to spare. */
export const MAX_STREAMS_PER_SESSION = 10;

/** How long a refused client is asked to wait: slots free as other streams close, not on a clock. */
export const STREAM_RETRY_AFTER_SECONDS = 10;

export interface StreamSlots {
  /** A slot for one more stream of `session`, as its release (safe to call twice), or null when none is free. */
  take(session: string): (() => void) | null;
}

export function createStreamSlots({ perSession, total }: { perSession: number; total: number }): StreamSlots {
  const bySession = new Map<string, number>();
  let open = 0;
  return {
    take(session) {
      const held = bySession.get(session) ?? 0;
      if (held >= perSession || open >= total) return null;
      bySession.set(session, held + 1);
      open += 1;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        open -= 1;
        const left = (bySession.get(session) ?? 1) - 1;
        // Deleted at zero, so the map holds only sessions with a stream open.
        if (left === 0) bySession.delete(session);
        else bySession.set(session, left);
      };
    },
  };
}
