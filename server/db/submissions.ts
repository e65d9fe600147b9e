import type { Transaction } from "kysely";
import { recordChanges, type NewChange } from "./changes";
import { isPostgres } from "./connect";
import {
  claimIdempotencyKeys,
  findStoredResponse,
  isReusedFor,
  type IdempotencyScope,
  type KeyClaim,
  type StoredResponse,
} from "./idempotency";
import { GroupRows } from "./group-rows";
import { claimRenderStamps, type StampClaim } from "./render-stamps";
import type { Db, Tables } from "./schema";

export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

/** The most submissions one commit carries; more wait for the next. */
export const MAX_GROUP_SIZE = 256;

export interface StoreOptions {
  idempotency: IdempotencyScope | null;
  now: Date;
  /** The render stamp the submission claims (single use, decision 0045); none when it has no valid one. */
  stamp?: StampClaim | null;
}

export interface StoreOutcome {
  response: StoredResponse;
  replayed: boolean;
}

/** What a submission's write produced: the answer to send and the change for the live stream (null: none). */
export interface Written {
  response: StoredResponse;
  change: NewChange | null;
}

/**
 * Writes one submission: statements whose results it needs on `trx`, appended rows into `rows`. May run
 * twice (see SubmissionWriter), so it must only write. `stampClaimed` is false when the submission's render
 * stamp was already used by another (an earlier one, or one before it in the same group).
 */
export type SubmissionWrite = (trx: Transaction<Tables>, rows: GroupRows, stampClaimed: boolean) => Promise<Written>;

/** Thrown inside a transaction to roll back the record when the key turns out to be taken. */
class KeyTaken extends Error {}

/**
 * What `store` rejects with when the key was taken by a request with another fingerprint (a race the
 * route's pre-check could not see): nothing of this submission is stored, and the route answers 422.
 */
export class IdempotencyKeyReused extends Error {
  constructor() {
    super("Idempotency-Key was first used with another request");
  }
}

/** The oldest a key's row may be and still hold: a day, or the key's own window (IdempotencyScope.windowMs). */
export const idempotencyWindowStart = (now: Date, windowMs = IDEMPOTENCY_WINDOW_MS) =>
  new Date(now.getTime() - windowMs).toISOString();

/**
 * The claim of a submission's key. Written out whole: `{ ...scope, response }`, a spread with keys added
 * after it, gets a hidden class of its own in V8 every time (see leads.ts).
 */
export const keyClaim = (
  { route, key, fingerprint, windowMs }: IdempotencyScope,
  response: StoredResponse,
  now: Date,
): KeyClaim => ({
  route,
  key,
  fingerprint,
  response,
  createdAt: now.toISOString(),
  expiredBefore: idempotencyWindowStart(now, windowMs),
});

/** What the assign step did: whether it took a lock every assigning group takes, and whether it queued email. */
export interface StepOutcome {
  serialized: boolean;
  queuedMail: boolean;
}

/**
 * Runs once per group transaction after its writes, before its rows are inserted (round-robin
 * assignment: round-robin.ts).
 */
export type GroupStep = (trx: Transaction<Tables>, rows: GroupRows) => Promise<StepOutcome>;

export interface WriterOptions {
  maxGroup?: number;
  maxInFlight?: number;
  assign?: GroupStep;
  /** Called after a commit whose `assign` step queued email (wakes the sender). */
  onMailQueued?: () => void;
}

interface Pending {
  options: StoreOptions;
  write: SubmissionWrite;
  resolve: (outcome: StoreOutcome) => void;
  reject: (error: unknown) => void;
}

/**
 * Stores public submissions with group commit. A submission is written with its idempotency key and its
 * change-log row in ONE transaction, so a crash cannot keep the record without the key (a retry would
 * store it twice) or the key without the record (a retry would get a 201 for nothing); nobody is
 * answered before the commit that holds their record.
 *
 * Submissions that arrive while a commit is under way wait, then share the next transaction: one fsync
 * serves many of them (SQLite: sqlite/sqlite-writer.ts syncs the WAL after each commit) and the change log's lock is taken once per group,
 * just before the commit (PostgreSQL). If any member of a group fails (a taken idempotency key, a
 * constraint), the whole group rolls back and each member is stored again in a transaction of its own,
 * so one bad submission costs the others time, never their record. A group of one goes straight there.
 */
export class SubmissionWriter {
  readonly #db: Db;
  readonly #maxGroup: number;
  readonly #maxInFlight: number;
  readonly #assign: GroupStep | undefined;
  readonly #onMailQueued: () => void;
  #queue: Pending[] = [];
  #inFlight = 0;
  /**
   * The last group's assign step took the lock every assigning group takes: groups commit one after
   * another, so a second group in flight would only wait at the lock; one at a time, arrivals join the
   * next group instead (one commit for more of them).
   */
  #serialized = false;
  /** Commits made so far (tests and benches read it to see how submissions were grouped). */
  commits = 0;

  constructor(db: Db, { maxGroup = MAX_GROUP_SIZE, maxInFlight, assign, onMailQueued = () => {} }: WriterOptions = {}) {
    this.#db = db;
    this.#maxGroup = maxGroup;
    this.#assign = assign;
    this.#onMailQueued = onMailQueued;
    // SQLite has one connection: a second group would only queue behind the first. PostgreSQL commits
    // groups side by side on the pool, and they meet only at the change log's lock.
    this.#maxInFlight = maxInFlight ?? (isPostgres(db) ? 4 : 1);
  }

  store(options: StoreOptions, write: SubmissionWrite): Promise<StoreOutcome> {
    return new Promise((resolve, reject) => {
      this.#queue.push({ options, write, resolve, reject });
      this.#schedule();
    });
  }

  #schedule(): void {
    if (this.#inFlight >= (this.#serialized ? 1 : this.#maxInFlight) || this.#queue.length === 0) return;
    this.#inFlight += 1;
    // One turn of the event loop lets the submissions that arrived in the same turn join this group.
    setImmediate(() => void this.#commitGroup());
  }

  async #commitGroup(): Promise<void> {
    const group = this.#queue.splice(0, this.#maxGroup);
    try {
      const responses = group.length > 1 ? await this.#storeTogether(group) : null;
      if (responses)
        group.forEach((pending, index) => pending.resolve({ response: responses[index]!, replayed: false }));
      else for (const pending of group) await this.#storeAlone(pending);
    } finally {
      this.#inFlight -= 1;
      this.#schedule();
    }
  }

  /** The group in one transaction; null when any part of it failed (then nothing of it is stored). */
  async #storeTogether(group: Pending[]): Promise<StoredResponse[] | null> {
    try {
      return await this.#commit(group);
    } catch {
      return null;
    }
  }

  async #storeAlone(pending: Pending): Promise<void> {
    try {
      const [response] = await this.#commit([pending]);
      pending.resolve({ response: response!, replayed: false });
    } catch (error) {
      if (error instanceof KeyTaken && pending.options.idempotency)
        await this.#replay(pending, pending.options.idempotency);
      else pending.reject(error);
    }
  }

  /**
   * Every write of the group, the assign step, then their appended rows, their idempotency keys (one
   * statement; a key another request holds fails the lot with KeyTaken) and their changes, in one
   * transaction.
   */
  async #commit(group: Pending[]): Promise<StoredResponse[]> {
    let step: StepOutcome = { serialized: false, queuedMail: false };
    const responses = await this.#db.transaction().execute(async (trx) => {
      const rows = new GroupRows();
      const written: Written[] = [];
      // The group's render stamps, claimed in one statement before the writes, which score by the answer.
      const claimed = await claimRenderStamps(
        trx,
        group.map(({ options }) => options.stamp ?? null),
      );
      for (const [index, { write }] of group.entries()) written.push(await write(trx, rows, claimed[index]!));
      // After the writes (which may wait on other rows' locks), so the cursor's lock is held briefly.
      if (this.#assign) step = await this.#assign(trx, rows);
      await rows.insertAll(trx);
      const claims: KeyClaim[] = [];
      group.forEach(({ options: { idempotency, now } }, index) => {
        if (idempotency) claims.push(keyClaim(idempotency, written[index]!.response, now));
      });
      if ((await claimIdempotencyKeys(trx, claims)) < claims.length) throw new KeyTaken();
      const changes: NewChange[] = [];
      for (const { change } of written) if (change) changes.push(change);
      await recordChanges(trx, changes);
      return written.map(({ response }) => response);
    });
    this.commits += 1;
    this.#serialized = step.serialized;
    if (step.queuedMail) this.#onMailQueued();
    return responses;
  }

  /** Another request holds the key: answer as it was answered, or refuse when it was another request. */
  async #replay(pending: Pending, idempotency: IdempotencyScope): Promise<void> {
    try {
      const stored = await findStoredResponse(
        this.#db,
        idempotency,
        idempotencyWindowStart(pending.options.now, idempotency.windowMs),
      );
      if (!stored) throw new Error("Idempotency key was taken but its response is gone");
      if (isReusedFor(stored, idempotency)) throw new IdempotencyKeyReused();
      // Written out: the row's fingerprint is not part of the answer.
      pending.resolve({ response: { status: stored.status, body: stored.body }, replayed: true });
    } catch (error) {
      pending.reject(error);
    }
  }
}
