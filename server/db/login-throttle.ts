import type { Db } from "./schema";

// Failed-login counters, one row per key ("account:<email>", "ip:<address>", "device:<id>"), each a
// fixed window that opens at its first failure. Kept in the database so several server instances share
// one count.

export interface ReserveOptions {
  now: string;
  /** Windows that opened at or before this instant have ended and start again from zero. */
  windowOpenedBefore: string;
  limit: number;
}

export type Reservation = { ok: true } | { ok: false; windowStart: string };

class OverLimit extends Error {
  constructor(readonly windowStart: string) {
    super("over limit");
  }
}

/**
 * Counts one attempt against every key BEFORE the password is checked, in one transaction: over the
 * limit on any key rolls all of them back and refuses. The upsert takes a row lock (PostgreSQL) or
 * runs under SQLite's single writer, so concurrent attempts cannot all read "one slot left"; keys are
 * locked in sorted order so two attempts never deadlock.
 */
export async function reserveAttempt(
  db: Db,
  keys: readonly string[],
  { now, windowOpenedBefore, limit }: ReserveOptions,
): Promise<Reservation> {
  try {
    await db.transaction().execute(async (trx) => {
      for (const key of [...keys].sort()) {
        const row = await trx
          .insertInto("loginThrottle")
          .values({ key, windowStart: now, failures: 1 })
          .onConflict((conflict) =>
            conflict.column("key").doUpdateSet((eb) => {
              const ended = eb("loginThrottle.windowStart", "<=", windowOpenedBefore);
              return {
                failures: eb
                  .case()
                  .when(ended)
                  .then(1)
                  .else(eb("loginThrottle.failures", "+", 1))
                  .end(),
                windowStart: eb.case().when(ended).then(now).else(eb.ref("loginThrottle.windowStart")).end(),
              };
            }),
          )
          .returning(["failures", "windowStart"])
          .executeTakeFirstOrThrow();
        if (row.failures > limit) throw new OverLimit(row.windowStart);
      }
    });
    return { ok: true };
  } catch (error) {
    if (error instanceof OverLimit) return { ok: false, windowStart: error.windowStart };
    throw error;
  }
}

/** Gives back a reserved slot after a successful login: only failures count. */
export async function releaseAttempt(db: Db, keys: readonly string[], windowOpenedBefore: string): Promise<void> {
  await db
    .updateTable("loginThrottle")
    .set((eb) => ({ failures: eb("failures", "-", 1) }))
    .where("key", "in", [...keys])
    .where("failures", ">", 0)
    .where("windowStart", ">", windowOpenedBefore)
    .execute();
}

export async function purgeLoginThrottle(db: Db, windowOpenedBefore: string): Promise<number> {
  const result = await db.deleteFrom("loginThrottle").where("windowStart", "<=", windowOpenedBefore).executeTakeFirst();
  return Number(result.numDeletedRows);
}
