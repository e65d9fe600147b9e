import { ASSIGNMENT_MODES, type AssignmentMode, type WorkspaceSettings } from "../../src/domain/workspace";
import type { Writer } from "./schema";

// Workspace settings, one row per key. A key with no row reads as its default, so a new database (or
// one a test emptied) behaves as if nobody changed anything.

export const ASSIGNMENT_KEY = "assignment";
/** Round-robin's cursor: the email of the staff member it assigned last ("" before the first); made when settings are first saved. */
export const ROUND_ROBIN_CURSOR_KEY = "round-robin.cursor";

const isAssignmentMode = (value: string | undefined): value is AssignmentMode =>
  (ASSIGNMENT_MODES as readonly string[]).includes(value ?? "");

export async function readSettings(db: Writer): Promise<WorkspaceSettings> {
  const row = await db.selectFrom("settings").select("value").where("key", "=", ASSIGNMENT_KEY).executeTakeFirst();
  return { assignment: isAssignmentMode(row?.value) ? row.value : "off" };
}

export async function saveSettings(db: Writer, settings: WorkspaceSettings, now: Date): Promise<WorkspaceSettings> {
  const at = now.toISOString();
  await setValue(db, ASSIGNMENT_KEY, settings.assignment, at);
  // Round-robin reads its cursor in the statement that locks it, which finds nothing without the row.
  await db
    .insertInto("settings")
    .values({ key: ROUND_ROBIN_CURSOR_KEY, value: "", updatedAt: at })
    .onConflict((conflict) => conflict.column("key").doNothing())
    .execute();
  return { assignment: settings.assignment };
}

/** Writes one key, whether or not it has a row yet. */
export async function setValue(db: Writer, key: string, value: string, at: string): Promise<void> {
  await db
    .insertInto("settings")
    .values({ key, value, updatedAt: at })
    .onConflict((conflict) => conflict.column("key").doUpdateSet({ value, updatedAt: at }))
    .execute();
}
