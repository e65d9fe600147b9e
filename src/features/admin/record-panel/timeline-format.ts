import type { Collection } from "../../../domain/status";
import { NOTE_DELETE_WINDOW_MS, type Note, type TimelineEntry, type TimelineKind } from "../../../domain/workspace";

// A person's timeline as the panel shows it: one plain sentence per entry, who did it, and which of the
// person's records it is about. Pure, so every kind's wording is tested.

export interface TimelineItem {
  key: string;
  kind: TimelineKind;
  at: string;
  /** What happened, in a few words: "Sent the demo request form", "Status: new → contacted". */
  title: string;
  /** More about it: the page, the previous owner, where a consent came from. */
  detail: string | null;
  /** Who did it (a staff email, "round-robin"), when staff did. */
  actor: string | null;
  /** A note's text. */
  body: string | null;
  /** The record it is about, when it is about one. */
  about: { collection: Collection; recordId: string } | null;
  /** The note itself, for deleting it. */
  note: Note | null;
}

const FORM_NAMES: Record<string, string> = {
  signup: "signup form",
  demo: "demo request form",
  contact: "contact form",
  newsletter: "newsletter form",
};

const EMAIL_NAMES: Record<string, string> = {
  "lead-alert": "New-lead alert",
  welcome: "Welcome email",
  "newsletter-confirmation": "Newsletter confirmation email",
};

const emailName = (kind: string) =>
  EMAIL_NAMES[kind] ?? `${kind.charAt(0).toUpperCase()}${kind.slice(1).replace(/-/g, " ")} email`;

function describe(entry: TimelineEntry): Pick<TimelineItem, "title" | "detail" | "actor" | "body"> {
  switch (entry.kind) {
    case "submitted":
      return {
        title: `Sent the ${FORM_NAMES[entry.type] ?? `${entry.type} form`}`,
        detail: entry.sourcePath ? `on ${entry.sourcePath}` : "page not known",
        actor: null,
        body: null,
      };
    case "status-changed":
      return { title: `Status: ${entry.from} → ${entry.to}`, detail: null, actor: entry.by, body: null };
    case "note":
      return { title: "Note", detail: null, actor: entry.author, body: entry.body };
    case "note-deleted":
      return { title: "Note deleted", detail: null, actor: entry.by, body: null };
    case "assigned":
      return {
        title: entry.to ? `Assigned to ${entry.to}` : "Unassigned",
        detail: entry.from ? `was ${entry.from}` : null,
        actor: entry.by,
        body: null,
      };
    case "spam-decision":
      return {
        title: entry.to === "spam" ? "Marked spam" : "Not spam: restored from the Spam view",
        detail: null,
        actor: entry.by,
        body: null,
      };
    case "email-sent":
      return {
        title: `${emailName(entry.email)} sent ${entry.to === "person" ? "to them" : "to staff"}`,
        detail: null,
        actor: null,
        body: null,
      };
    case "consent-given":
    case "consent-withdrawn":
      return {
        title: `${entry.kind === "consent-given" ? "Gave" : "Withdrew"} ${entry.purpose} consent`,
        detail: entry.source ? `via ${entry.source}` : null,
        actor: null,
        body: null,
      };
  }
}

function aboutOf(entry: TimelineEntry): TimelineItem["about"] {
  return entry.collection && entry.recordId ? { collection: entry.collection, recordId: entry.recordId } : null;
}

/** The entries as the panel lists them, newest first; a deleted note shows only as "Note deleted". */
export function timelineItems(entries: readonly TimelineEntry[]): TimelineItem[] {
  const deleted = new Set(entries.flatMap((entry) => (entry.kind === "note-deleted" ? [entry.noteId] : [])));
  return entries
    .map((entry, index) => ({ entry, index }))
    .filter(({ entry }) => !(entry.kind === "note" && deleted.has(entry.noteId)))
    .sort((a, b) => (a.entry.at === b.entry.at ? a.index - b.index : a.entry.at < b.entry.at ? 1 : -1))
    .map(({ entry, index }) => ({
      key: `${entry.kind}:${entry.at}:${"noteId" in entry ? entry.noteId : (aboutOf(entry)?.recordId ?? "")}:${index}`,
      kind: entry.kind,
      at: entry.at,
      ...describe(entry),
      about: aboutOf(entry),
      note:
        entry.kind === "note"
          ? {
              id: entry.noteId,
              collection: entry.collection,
              recordId: entry.recordId,
              body: entry.body,
              author: entry.author,
              createdAt: entry.at,
            }
          : null,
    }));
}

/** "you" for the signed-in staff member, else the address (or "round-robin"). */
export function actorName(actor: string, me: string | undefined): string {
  return me !== undefined && actor.toLowerCase() === me.toLowerCase() ? "you" : actor;
}

/** Whether `me` may still delete this note: their own, within NOTE_DELETE_WINDOW_MS of writing it. */
export function canDeleteNote(note: Note, me: string | undefined, now: number): boolean {
  if (me === undefined || note.author.toLowerCase() !== me.toLowerCase()) return false;
  const written = Date.parse(note.createdAt);
  return !Number.isNaN(written) && now - written < NOTE_DELETE_WINDOW_MS;
}
