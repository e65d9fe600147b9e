import { AdminApiError, type AdminBackend } from "../../../backend/admin-port";
import type { LiveEvent, RecordsByCollection } from "../../../domain/admin";
import type { Collection } from "../../../domain/status";
import type { PersonView, RecordDetail } from "../../../domain/workspace";
import type { PanelTarget } from "./panel-url";

// What the record panel has read: records in full and people's timelines, shared by the panel and the
// dashboard that opens it. Opening a record starts its reads at the click, before the panel renders; the
// panel reads its list neighbours ahead, so j/k shows the next record, timeline and all, in one render;
// walking back shows records read lately at once. Live changes keep the copies true: a changed record is
// merged in, and the timelines it may appear in are read again before they are shown.

export type LoadStatus = "loading" | "ready" | "missing" | "failed";

export interface Loaded<T> {
  /** The last value read (kept when a later read fails); null before the first, or when it is missing. */
  value: T | null;
  status: LoadStatus;
  /** When `value` was read; 0 once a live change may have made it wrong. */
  readAt: number;
}

/** A copy read this recently, and untouched by live changes since, is shown without reading it again. */
export const FRESH_MS = 10_000;
const RECORD_LIMIT = 200;
const PERSON_LIMIT = 100;

const keyOf = ({ collection, id }: PanelTarget) => `${collection}/${id}`;
const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** One kind of value by key: the copies, the reads under way, least recently used dropped past `limit`. */
class Reads<T> {
  private readonly entries = new Map<string, Loaded<T>>();
  private readonly running = new Map<string, { seq: number; done: Promise<void> }>();
  /** Per key, the number of the last read started (or local change made): older answers are stale. */
  private readonly seqs = new Map<string, number>();
  private nextSeq = 1;

  constructor(
    private readonly load: (key: string) => Promise<T>,
    private readonly limit: number,
    private readonly now: () => number,
    private readonly changed: () => void,
  ) {}

  get(key: string): Loaded<T> | undefined {
    return this.entries.get(key);
  }

  fresh(key: string): boolean {
    const entry = this.entries.get(key);
    return entry !== undefined && entry.status === "ready" && entry.readAt > 0 && this.now() - entry.readAt < FRESH_MS;
  }

  /** Whether a read of `key` is under way. */
  reading(key: string): boolean {
    return this.running.has(key);
  }

  /**
   * Reads `key` unless its copy is fresh or a read is under way (`force`: reads anyway); resolves when it
   * is in. `load` reads it another way than the store's own (with more beside it).
   */
  read(key: string, force = false, load: (key: string) => Promise<T> = this.load): Promise<void> {
    if (!force && this.fresh(key)) return Promise.resolve();
    const running = this.running.get(key);
    if (running && !force) return running.done;
    const seq = this.bump(key);
    const done = load(key).then(
      (value) => {
        if (this.seqs.get(key) === seq) this.put(key, { value, status: "ready", readAt: this.now() });
      },
      (error: unknown) => {
        if (this.seqs.get(key) !== seq) return;
        if (error instanceof AdminApiError && error.status === 404)
          this.put(key, { value: null, status: "missing", readAt: this.now() });
        else {
          console.error(`Reading ${key} for the record panel failed:`, error);
          this.put(key, { value: this.entries.get(key)?.value ?? null, status: "failed", readAt: 0 });
        }
      },
    );
    const finished = done.finally(() => {
      if (this.running.get(key)?.seq === seq) this.running.delete(key);
    });
    this.running.set(key, { seq, done: finished });
    return finished;
  }

  /** A value read elsewhere just now (beside another read): it is the copy, and reads started before it are ignored. */
  offer(key: string, value: T): void {
    this.bump(key);
    this.running.delete(key);
    this.put(key, { value, status: "ready", readAt: this.now() });
  }

  /** A newer value known here (a save, a live change): it replaces the copy, and reads started before it are ignored. */
  update(key: string, change: (value: T) => T): void {
    const entry = this.entries.get(key);
    if (!entry?.value) return;
    this.bump(key);
    this.running.delete(key);
    this.put(key, { ...entry, value: change(entry.value) });
  }

  /** Copies that `test` picks are read again before they are next shown. */
  stale(test: (value: T, key: string) => boolean): void {
    let any = false;
    for (const [key, entry] of this.entries) {
      if (entry.readAt > 0 && entry.value !== null && test(entry.value, key)) {
        this.entries.set(key, { ...entry, readAt: 0 });
        any = true;
      }
    }
    if (any) this.changed();
  }

  drop(test: (key: string) => boolean): void {
    for (const key of [...this.entries.keys()]) {
      if (!test(key)) continue;
      this.entries.delete(key);
      this.bump(key);
      this.running.delete(key);
    }
    this.changed();
  }

  private bump(key: string): number {
    const seq = this.nextSeq++;
    this.seqs.delete(key);
    this.seqs.set(key, seq);
    if (this.seqs.size > this.limit * 2) this.seqs.delete(this.seqs.keys().next().value!);
    return seq;
  }

  private put(key: string, entry: Loaded<T>): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > this.limit) this.entries.delete(this.entries.keys().next().value!);
    this.changed();
  }
}

export interface PanelStore {
  /** For useSyncExternalStore: called after any copy changed. */
  subscribe(listener: () => void): () => void;
  record(target: PanelTarget): Loaded<RecordDetail> | undefined;
  person(personId: string): Loaded<PersonView> | undefined;
  /** Reads the record unless its copy is fresh (`force`: anyway). */
  readRecord(target: PanelTarget, force?: boolean): Promise<void>;
  readPerson(personId: string, force?: boolean): Promise<void>;
  /** What showing the record takes, read ahead: the record, then its person's timeline. */
  prefetch(target: PanelTarget): Promise<void>;
  /** A newer copy of a record (a save, a live change) merged into the copy read, if there is one. */
  applyRecord(collection: Collection, record: RecordsByCollection[Collection]): void;
  /** Every live change goes through here. */
  onLive(event: LiveEvent): void;
}

export function createPanelStore(backend: AdminBackend, now: () => number = Date.now): PanelStore {
  const listeners = new Set<() => void>();
  const changed = () => listeners.forEach((listener) => listener());
  const records = new Reads<RecordDetail>(
    (key) => {
      const slash = key.indexOf("/");
      return backend.record(key.slice(0, slash) as Collection, key.slice(slash + 1));
    },
    RECORD_LIMIT,
    now,
    changed,
  );
  const people = new Reads<PersonView>((id) => backend.person(id), PERSON_LIMIT, now, changed);

  const applyRecord = (collection: Collection, record: RecordsByCollection[Collection]) =>
    records.update(keyOf({ collection, id: record.id }), (detail) => ({ ...detail, ...record }) as RecordDetail);

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    record: (target) => records.get(keyOf(target)),
    person: (personId) => people.get(personId),
    readRecord: (target, force) => records.read(keyOf(target), force),
    readPerson: (personId, force) => people.read(personId, force),
    async prefetch(target) {
      const key = keyOf(target);
      const both = backend.recordWithPerson?.bind(backend);
      if (both && !records.fresh(key) && !records.reading(key)) {
        // One read for the record and its person's timeline, where the back end has it.
        let person: PersonView | null = null;
        await records.read(key, false, async () => {
          const { person: view, ...detail } = await both(target.collection, target.id);
          person = view;
          return detail as RecordDetail;
        });
        const read = person as PersonView | null;
        if (read) people.offer(read.person.id, read);
        if (read || records.get(key)?.status !== "ready") return;
      }
      await records.read(key);
      const personId = records.get(keyOf(target))?.value?.personId;
      if (personId) await people.read(personId);
    },
    applyRecord,
    onLive(event) {
      if (event.op === "reload") {
        // Records were erased or purged: nothing read of that collection, and no timeline, is kept.
        records.drop((key) => key.startsWith(`${event.collection}/`));
        people.drop(() => true);
        return;
      }
      applyRecord(event.collection, event.record);
      const { id, email } = event.record;
      people.stale(
        (view) =>
          sameEmail(view.person.email, email) ||
          view.person.records.some((record) => record.collection === event.collection && record.id === id),
      );
    },
  };
}
