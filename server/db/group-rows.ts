import type { Insertable, Transaction } from "kysely";
import { insertRows } from "./bulk-insert";
import type { Tables } from "./schema";

/** The tables a submission only appends to: nothing it does afterwards reads their new rows back. */
export type AppendOnlyTable = "contacts" | "leads" | "consents" | "outbox" | "webhookEvents";

/**
 * Rows a group's submissions append, held until the group has run every write, then sent as one
 * multi-row INSERT per table. On PostgreSQL each statement is a round trip to the server (and the
 * send on its socket was the largest single cost of a submission under load: docs/reliability.md,
 * check 4), so a group of n submissions costs a few statements instead of a few per submission.
 */
export class GroupRows {
  readonly #rows = new Map<AppendOnlyTable, object[]>();

  add<T extends AppendOnlyTable>(table: T, row: Insertable<Tables[T]>): void {
    const rows = this.#rows.get(table);
    if (rows) rows.push(row);
    else this.#rows.set(table, [row]);
  }

  /** The rows added to `table` so far, in order: round-robin sets the owner of new leads and contacts on them before they are sent. */
  rowsOf<T extends AppendOnlyTable>(table: T): readonly Insertable<Tables[T]>[] {
    return (this.#rows.get(table) ?? []) as Insertable<Tables[T]>[];
  }

  /** One INSERT per table. A group holds at most MAX_GROUP_SIZE submissions of a few rows each, well under either database's limit on bound parameters. */
  async insertAll(trx: Transaction<Tables>): Promise<void> {
    for (const [table, rows] of this.#rows) await insertRows(trx, table, rows);
  }
}
