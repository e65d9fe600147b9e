import { collection, limit, onSnapshot, orderBy, query, type Firestore, type QuerySnapshot } from "firebase/firestore";
import { logPosition, type RecordChange } from "../../domain/admin";
import { COLLECTIONS, type Collection } from "../../domain/status";
import type { LiveState } from "../admin-port";
import { toRecord } from "./records";

/**
 * How many of the newest documents each live listener follows. A listener is billed one read per
 * document in its first snapshot and one per change after, so the dashboard's cost per visit is bounded
 * by this window, not by the size of the collection; older pages are read by list() as staff scroll.
 */
export const LIVE_WINDOW = 50;

const RETRY_MIN_MS = 1_000;
const RETRY_MAX_MS = 30_000;

type Emit = (change: Omit<RecordChange, "position">) => void;

/** One collection's listener; restarts itself after an error, with backoff. */
function follow(
  db: Firestore,
  target: Collection,
  emit: Emit,
  onSynced: (target: Collection, synced: boolean) => void,
): () => void {
  let stop: () => void = () => undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let delay = RETRY_MIN_MS;
  let restarted = false;
  let stopped = false;

  const emitAll = (snapshot: QuerySnapshot, op: "insert" | "update") => {
    for (const change of snapshot.docChanges()) {
      // Records are never deleted (the rules forbid it); one leaving the window is simply older now.
      if (change.type === "removed") continue;
      const record = toRecord(target, change.doc.id, change.doc.data({ serverTimestamps: "estimate" }));
      emit({ collection: target, op: change.type === "added" ? op : "update", record } as Omit<
        RecordChange,
        "position"
      >);
    }
  };

  const start = () => {
    let synced = false;
    stop = onSnapshot(
      query(collection(db, target), orderBy("createdAt", "desc"), limit(LIVE_WINDOW)),
      { includeMetadataChanges: true },
      (snapshot) => {
        const fromServer = !snapshot.metadata.fromCache;
        if (!synced) {
          // The first server snapshot is what the dashboard already listed: not news. After a restart it
          // may hold records created while the listener was down; they go out as inserts (the dashboard
          // ignores ids it already shows).
          if (!fromServer) return;
          synced = true;
          delay = RETRY_MIN_MS;
          if (restarted) emitAll(snapshot, "insert");
          onSynced(target, true);
          return;
        }
        emitAll(snapshot, "insert");
        onSynced(target, fromServer);
      },
      (error) => {
        console.error(`Live updates for ${target} failed:`, error.code, error.message);
        onSynced(target, false);
        if (stopped) return;
        restarted = true;
        timer = setTimeout(start, delay);
        delay = Math.min(delay * 2, RETRY_MAX_MS);
      },
    );
  };

  start();
  return () => {
    stopped = true;
    clearTimeout(timer);
    stop();
  };
}

/** AdminBackend.watch: inserts and updates among the newest LIVE_WINDOW records of each collection. */
export function watchCollections(
  db: Firestore,
  onChange: (change: RecordChange) => void,
  onState?: (state: LiveState) => void,
): () => void {
  // Positions in the order this client saw the changes (Firestore keeps no change log to place them in).
  let seen = 0;
  const synced = new Map<Collection, boolean>();
  let everLive = false;
  let reported: LiveState | null = null;

  const report = (state: LiveState) => {
    if (state === reported) return;
    reported = state;
    onState?.(state);
  };
  const onSynced = (target: Collection, isSynced: boolean) => {
    synced.set(target, isSynced);
    const allLive = COLLECTIONS.every((name) => synced.get(name) === true);
    if (allLive) everLive = true;
    report(allLive ? "live" : everLive ? "reconnecting" : "connecting");
  };

  report("connecting");
  const stops = COLLECTIONS.map((target) =>
    follow(db, target, (change) => onChange({ ...change, position: logPosition(0, ++seen) } as RecordChange), onSynced),
  );
  return () => stops.forEach((stop) => stop());
}
