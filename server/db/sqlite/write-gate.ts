// SQLite has one write lock per file. Two connections of one process that write the same file (the
// server's, and the webhook sender's in a thread of its own: server/webhooks/dispatch-thread.ts) take
// turns at this gate instead of meeting at that lock: a connection that finds the lock taken gets
// SQLITE_BUSY, and better-sqlite3's busy handler then sleeps its whole thread for at least a
// millisecond, the server's event loop included. At the gate the server's thread waits without
// blocking (Atomics.waitAsync: it goes on reading requests) and is woken the moment the other side lets
// go; the sender's thread, which has nothing else to do, blocks (Atomics.wait).
//
// A connection holds the gate from its BEGIN (or a write outside a transaction) until the statement
// that ends it, and not while the WAL is synced after it: the file's lock is free by then.

/** A 4-byte shared buffer: 0 when free, else the holder's side. */
export const newWriteGateBuffer = (): SharedArrayBuffer => new SharedArrayBuffer(4);

/** Which connection holds the gate: the server's, or a thread's of its own. */
export type GateSide = "server" | "thread";

export interface WriteGate {
  /** Resolves once this side holds the gate. */
  acquire(): Promise<void> | void;
  release(): void;
  /** Frees the gate if the other side holds it (that side's thread ended mid-transaction). */
  releaseOther(): void;
}

const FREE = 0;
const holder = (side: GateSide) => (side === "server" ? 1 : 2);

export function writeGate(buffer: SharedArrayBuffer, side: GateSide): WriteGate {
  const state = new Int32Array(buffer, 0, 1);
  const mine = holder(side);
  const other = holder(side === "server" ? "thread" : "server");
  const tryTake = () => Atomics.compareExchange(state, 0, FREE, mine);
  const release = (who: number) => {
    if (Atomics.compareExchange(state, 0, who, FREE) === who) Atomics.notify(state, 0);
  };
  return {
    acquire:
      side === "thread"
        ? () => {
            for (let seen = tryTake(); seen !== FREE; seen = tryTake()) Atomics.wait(state, 0, seen);
          }
        : async () => {
            for (let seen = tryTake(); seen !== FREE; seen = tryTake()) {
              const waiting = Atomics.waitAsync(state, 0, seen);
              if (waiting.async) await waiting.value;
            }
          },
    release: () => release(mine),
    releaseOther: () => release(other),
  };
}
