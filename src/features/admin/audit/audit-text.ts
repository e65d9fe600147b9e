import type { AuditAction, AuditEntry } from "../../../domain/privacy";

// What the Audit tab says of each entry: the action as words, and its details as a short line. The
// workspace's actions (owners, notes, settings, availability) read as sentences; the rest as key: value.

export const ACTION_LABELS: Record<AuditAction, string> = {
  "auth.login": "Signed in",
  "auth.login-failed": "Sign-in failed",
  "auth.logout": "Signed out",
  "record.status": "Changed a status",
  "record.owner": "Changed an owner",
  "record.spam": "Judged a record spam or not",
  "spam.blocklist-add": "Added to the spam blocklist",
  "spam.blocklist-remove": "Removed from the spam blocklist",
  "note.add": "Added a note",
  "note.delete": "Deleted a note",
  "export.csv": "Exported CSV",
  "subject.lookup": "Looked up a person's data",
  "subject.export": "Exported a person's data",
  "subject.erase": "Erased a person's data",
  "admin.create": "Created an admin",
  "admin.reset-password": "Reset an admin password",
  "retention.purge": "Retention purge",
  "outbox.retry": "Retried failed emails",
  "settings.update": "Changed the workspace settings",
  "staff.available": "Changed round-robin availability",
  "staff.invite": "Invited a staff member",
  "staff.role": "Changed a staff role",
  "staff.disable": "Disabled a staff account",
  "staff.enable": "Enabled a staff account",
  "staff.two-factor-reset": "Reset a staff member's two-factor",
  "auth.password-reset-request": "Asked for a password reset",
  "auth.password-reset": "Reset their password",
  "auth.invitation-accept": "Accepted an invitation",
  "auth.two-factor-enable": "Turned on two-factor",
  "auth.two-factor-disable": "Turned off two-factor",
  "auth.recovery-code-used": "Signed in with a recovery code",
  "webhook.create": "Added a webhook endpoint",
  "webhook.update": "Changed a webhook endpoint",
  "webhook.rotate": "Rotated a webhook secret",
  "webhook.delete": "Deleted a webhook endpoint",
  "webhook.resend": "Resent a webhook delivery",
  "webhook.disabled": "Disabled a failing webhook endpoint",
  "token.create": "Created an API token",
  "token.revoke": "Revoked an API token",
};

/** The label of an action; one this dashboard does not know (a newer server's) shows as written. */
export const actionLabel = (action: string): string => (ACTION_LABELS as Record<string, string>)[action] ?? action;

const RECORD_NOUNS: Record<string, string> = { leads: "Lead", contacts: "Contact message", newsletter: "Subscriber" };

/** The details as short key: value text; nested objects (counts) as compact JSON. */
function keyValueText(details: Record<string, unknown>): string {
  return Object.entries(details)
    .filter(([, value]) => value !== null && value !== undefined)
    .map(([key, value]) => `${key}: ${typeof value === "object" ? JSON.stringify(value) : String(value)}`)
    .join(" · ");
}

const text = (value: unknown): string | null => (typeof value === "string" && value !== "" ? value : null);

/** "Lead 0193…" from {collection, id}, or null when the entry does not name a record. */
function recordName(details: Record<string, unknown>): string | null {
  const collection = text(details.collection);
  const id = text(details.id);
  if (!collection || !id) return null;
  return `${RECORD_NOUNS[collection] ?? collection} ${id}`;
}

const withBulk = (line: string, details: Record<string, unknown>) =>
  details.bulk === true ? `${line} (bulk change)` : line;

/** One line about an entry's details, as the Audit tab shows it. */
export function auditDetailText(entry: Pick<AuditEntry, "action" | "details">): string {
  const { details } = entry;
  const action = entry.action as string;
  const record = recordName(details);
  if (action === "record.status" && record && text(details.from) && text(details.to)) {
    return withBulk(`${record}: ${String(details.from)} → ${String(details.to)}`, details);
  }
  if (action === "record.owner" && record) {
    const owner = (value: unknown) => text(value) ?? "unassigned";
    return withBulk(`${record}: ${owner(details.from)} → ${owner(details.to)}`, details);
  }
  if (action === "record.spam" && record && text(details.to)) {
    return `${record}: ${details.to === "spam" ? "marked spam" : "not spam, restored"}`;
  }
  if ((action === "spam.blocklist-add" || action === "spam.blocklist-remove") && text(details.entry))
    return String(details.entry);
  if ((action === "note.add" || action === "note.delete") && record && text(details.noteId)) {
    return `Note ${String(details.noteId)} on ${record.charAt(0).toLowerCase()}${record.slice(1)}`;
  }
  if (action === "settings.update" && text(details.assignment)) {
    return `New records assigned: ${details.assignment === "round-robin" ? "in turn (round-robin)" : String(details.assignment)}`;
  }
  if (action === "staff.available" && text(details.email) && typeof details.available === "boolean") {
    return `${String(details.email)}: ${details.available ? "available" : "not available"} for round-robin`;
  }
  return keyValueText(details);
}
