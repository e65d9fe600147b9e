import { newestFirst, type PersonRecord, type PersonView, type TimelineEntry } from "../../src/domain/workspace";
import type { OutboxKind } from "../../src/domain/privacy";
import type { Collection } from "../../src/domain/status";
import type { Db } from "./schema";

// A person's records and timeline, read by their email from indexes only (each query's plan is checked
// in timeline-plans.test.ts): the records themselves (submitted), the workspace's events (status
// changes, assignments, deleted notes, emails sent), notes and consents.

/** The most entries one source gives the timeline, and the most it shows: the newest. */
export const TIMELINE_LIMIT = 500;

/** Every query of the person view, unexecuted, so the test can read their plans. */
export function personQueries(db: Db, email: string) {
  return {
    leads: db
      .selectFrom("leads")
      .select(["id", "type", "status", "sourcePath", "createdAt"])
      .where("email", "=", email)
      .orderBy("createdAt", "desc")
      .limit(TIMELINE_LIMIT),
    contacts: db
      .selectFrom("contacts")
      .select(["id", "status", "sourcePath", "createdAt"])
      .where("email", "=", email)
      .orderBy("createdAt", "desc")
      .limit(TIMELINE_LIMIT),
    newsletter: db
      .selectFrom("newsletter")
      .select(["id", "status", "createdAt"])
      .where("email", "=", email)
      .orderBy("createdAt", "desc")
      .limit(TIMELINE_LIMIT),
    events: db
      .selectFrom("workspaceEvents")
      .selectAll()
      .where("email", "=", email)
      .orderBy("at", "desc")
      .limit(TIMELINE_LIMIT),
    notes: db
      .selectFrom("notes")
      .selectAll()
      .where("email", "=", email)
      .orderBy("createdAt", "desc")
      .limit(TIMELINE_LIMIT),
    consents: db
      .selectFrom("consents")
      .select(["action", "purpose", "source", "recordCollection", "recordId", "createdAt"])
      .where("email", "=", email)
      .orderBy("createdAt", "desc")
      .limit(TIMELINE_LIMIT),
  };
}

/** The person view of `person` (an id and email from the people table). */
export async function readPersonView(db: Db, person: { id: string; email: string }): Promise<PersonView> {
  const queries = personQueries(db, person.email);
  const [leads, contacts, newsletter, events, notes, consents] = await Promise.all([
    queries.leads.execute(),
    queries.contacts.execute(),
    queries.newsletter.execute(),
    queries.events.execute(),
    queries.notes.execute(),
    queries.consents.execute(),
  ]);
  const records: (PersonRecord & { sourcePath: string | null })[] = [
    ...leads.map((row) => ({
      collection: "leads" as const,
      id: row.id,
      type: row.type,
      status: row.status,
      createdAt: row.createdAt,
      sourcePath: row.sourcePath,
    })),
    ...contacts.map((row) => ({
      collection: "contacts" as const,
      id: row.id,
      type: "contact",
      status: row.status,
      createdAt: row.createdAt,
      sourcePath: row.sourcePath,
    })),
    ...newsletter.map((row) => ({
      collection: "newsletter" as const,
      id: row.id,
      type: "newsletter",
      status: row.status,
      createdAt: row.createdAt,
      sourcePath: null,
    })),
  ].sort((a, b) => (a.createdAt === b.createdAt ? 0 : a.createdAt < b.createdAt ? 1 : -1));

  const timeline: TimelineEntry[] = [
    ...records.map((r): TimelineEntry => ({
      at: r.createdAt,
      kind: "submitted",
      collection: r.collection,
      recordId: r.id,
      type: r.type,
      sourcePath: r.sourcePath,
    })),
    ...events.map((row): TimelineEntry => {
      const about = { at: row.at, collection: row.collection, recordId: row.recordId };
      const details = JSON.parse(row.details) as {
        from: string | null;
        to: string | null;
        noteId: string;
        email: OutboxKind;
      };
      // Welcome and confirmation emails go to the person; alerts and assignment notices to staff.
      if (row.kind === "email-sent")
        return {
          ...about,
          kind: "email-sent",
          email: details.email,
          to: details.email === "welcome" || details.email === "newsletter-confirmation" ? "person" : "staff",
        };
      if (row.kind === "note-deleted") return { ...about, kind: "note-deleted", noteId: details.noteId, by: row.actor };
      if (row.kind === "assigned")
        return { ...about, kind: "assigned", from: details.from, to: details.to, by: row.actor };
      if (row.kind === "spam-decision")
        return {
          ...about,
          kind: "spam-decision",
          from: details.from === "spam" ? "spam" : "not-spam",
          to: details.to === "spam" ? "spam" : "not-spam",
          by: row.actor,
        };
      return { ...about, kind: "status-changed", from: details.from ?? "", to: details.to ?? "", by: row.actor };
    }),
    ...notes.map((row): TimelineEntry => ({
      at: row.createdAt,
      kind: "note",
      collection: row.collection,
      recordId: row.recordId,
      noteId: row.id,
      body: row.body,
      author: row.author,
    })),
    ...consents.map((row): TimelineEntry => ({
      kind: row.action === "given" ? "consent-given" : "consent-withdrawn",
      at: row.createdAt,
      purpose: row.purpose,
      source: row.source,
      collection: row.recordCollection as Collection | null,
      recordId: row.recordId,
    })),
  ];
  return {
    person: {
      id: person.id,
      email: person.email,
      records: records.map(({ collection, id, type, status, createdAt }) => ({
        collection,
        id,
        type,
        status,
        createdAt,
      })),
    },
    timeline: timeline.sort(newestFirst).slice(0, TIMELINE_LIMIT),
  };
}
