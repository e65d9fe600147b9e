// How many live streams may be open at once. Each holds a connection, a wake-up listener and a read of
// the change log after every commit, so without a cap one session (or a stolen cookie) could open them
// until the server ran out of sockets or time. Counted per process: the cap protects this process (with
// several instances on one PostgreSQL, each counts its own streams, the per-account cap included).

/** A dashboard tab holds one stream; ten covers a person's tabs and windows with room to spare. */
export const MAX_STREAMS_PER_SESSION = 10;

/** The most streams one account holds, however many times it signs in (and never more than half of all). */
export const MAX_STREAMS_PER_ACCOUNT = 20;

/** How long a refused client is asked to wait: slots free as other streams close, not on a clock. */
export const STREAM_RETRY_AFTER_SECONDS = 10;

/**
 * One account's cap for a process serving `total` streams: half of them, at most MAX_STREAMS_PER_ACCOUNT,
 * at least one. So every sign-in of one account together can never lock the rest of the team out.
 */
export const streamsPerAccount = (total: number) =>
  Math.max(1, Math.min(MAX_STREAMS_PER_ACCOUNT, Math.floor(total / 2)));

export interface StreamSlot {
  /** Gives the slot back (safe to call twice). */
  release(): void;
  /** Aborted when a newer stream of the same account took this slot: the stream should end. */
  superseded: AbortSignal;
}

export interface StreamSlots {
  /**
   * A slot for one more stream of `session`, signed in as `account`, or null when none is free: the
   * session holds its cap, or all streams are taken. An account at its own cap gets the slot of its
   * oldest stream, which is superseded (closed), rather than being refused: the newest tab is the one
   * the person is looking at.
   */
  take(session: string, account: string): StreamSlot | null;
}

interface Held {
  session: string;
  release: () => void;
  superseded: AbortController;
}

export function createStreamSlots({
  perSession,
  total,
  perAccount = streamsPerAccount(total),
}: {
  perSession: number;
  total: number;
  perAccount?: number;
}): StreamSlots {
  const bySession = new Map<string, number>();
  // Each account's open streams, oldest first (a Set keeps insertion order).
  const byAccount = new Map<string, Set<Held>>();
  let open = 0;
  return {
    take(session, account) {
      if ((bySession.get(session) ?? 0) >= perSession) return null;
      const mine = byAccount.get(account);
      if (mine && mine.size >= perAccount) {
        const [oldest] = mine;
        oldest!.release();
        oldest!.superseded.abort();
      } else if (open >= total) {
        return null;
      }
      const held: Held = { session, superseded: new AbortController(), release: () => {} };
      let released = false;
      held.release = () => {
        if (released) return;
        released = true;
        open -= 1;
        const left = (bySession.get(session) ?? 1) - 1;
        // Deleted at zero, so the maps hold only sessions and accounts with a stream open.
        if (left === 0) bySession.delete(session);
        else bySession.set(session, left);
        const streams = byAccount.get(account);
        streams?.delete(held);
        if (streams?.size === 0) byAccount.delete(account);
      };
      bySession.set(session, (bySession.get(session) ?? 0) + 1);
      byAccount.set(account, (byAccount.get(account) ?? new Set()).add(held));
      open += 1;
      return { release: held.release, superseded: held.superseded.signal };
    },
  };
}
