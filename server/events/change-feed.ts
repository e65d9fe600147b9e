import { EventEmitter } from "node:events";

/**
 * Tells live streams that new rows may be in the changes table. It carries no data: every stream
 * reads the table from its own last-sent seq, so order and no-duplicates come from the table, and a
 * missed or doubled wake-up costs one extra query at most.
 */
export interface ChangeFeed {
  subscribe(wake: () => void): () => void;
  /** Called after a commit that logged a change in this process. */
  announce(): void;
  close(): Promise<void>;
}

/** One process (SQLite): wake-ups go straight from the committing request to the streams. */
export function createLocalChangeFeed(): ChangeFeed {
  const emitter = new EventEmitter();
  // Every open dashboard tab is one listener; Node's default warning at 10 is not a leak here.
  emitter.setMaxListeners(0);
  return {
    subscribe(wake) {
      emitter.on("change", wake);
      return () => emitter.off("change", wake);
    },
    announce: () => emitter.emit("change"),
    close: async () => void emitter.removeAllListeners(),
  };
}
