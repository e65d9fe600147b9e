import type { LogPosition, RecordChange, RecordsByCollection } from "../../../domain/admin";
import type { Collection } from "../../../domain/status";
import { inSpamView, matchesFilters, type Filters } from "./filters";

// How live changes meet the rows a list read: pure, so the dashboard hook stays a thin shell.

/** Changes kept per list to replay onto a page that was read before them. */
export const CHANGE_LOG_LIMIT = 2_000;

/**
 * The rows with one change applied: an update (or a repeat) replaces the row in place, unless it moved
 * between the inbox and the Spam view ("Spam" or "Not spam"), which takes it out; an insert that belongs
 * under the filters goes on top; anything else leaves the rows as they are (same array).
 */
export function applyChange<C extends Collection>(
  items: RecordsByCollection[C][],
  change: RecordChange,
  collection: C,
  filters: Filters,
  me?: string,
) {
  if (change.collection !== collection) return items;
  const record = change.record as RecordsByCollection[C];
  const index = items.findIndex((item) => item.id === record.id);
  if (index >= 0) {
    if (!inSpamView(record, filters)) return items.filter((item) => item.id !== record.id);
    const next = items.slice();
    next[index] = record;
    return next;
  }
  if (change.op !== "insert" || !matchesFilters(collection, record, filters, me)) return items;
  return [record, ...items];
}

/** A page read at `position` with the logged changes after it applied, in order (none if no position). */
export function replayAfter<C extends Collection>(
  items: RecordsByCollection[C][],
  log: readonly RecordChange[],
  position: LogPosition | undefined,
  collection: C,
  filters: Filters,
  me?: string,
) {
  if (position === undefined) return items;
  return log
    .filter((change) => change.position > position)
    .reduce((rows, change) => applyChange(rows, change, collection, filters, me), items);
}

/** The log with a change appended, oldest dropped past the limit. */
export function appendToLog(log: RecordChange[], change: RecordChange): RecordChange[] {
  const next = [...log, change];
  return next.length > CHANGE_LOG_LIMIT ? next.slice(next.length - CHANGE_LOG_LIMIT) : next;
}
