import { ADMIN_EMAIL } from "../../../server/test-support/admin";
import { staff, type Fixture, type RouteCase } from "./route-case";

// The lead workspace's rows of the route table (api-routes.ts): the record panel, people, notes,
// owners, bulk changes, the owner filter and the count of matches, settings and staff. Each route has a case the signed-in staff
// member gets through with a 2xx and, where it takes input, one it refuses.

export const WORKSPACE_ROUTE_CASES: RouteCase[] = [
  staff("GET", "/api/admin/leads/:id", "a lead in full", (f) => `/api/admin/leads/${f.leadId}`, 200),
  staff("GET", "/api/admin/leads/:id", "an unknown lead", () => "/api/admin/leads/no-such-id", 404),
  staff("GET", "/api/admin/contacts/:id", "a contact in full", (f) => `/api/admin/contacts/${f.contactId}`, 200),
  staff(
    "GET",
    "/api/admin/newsletter/:id",
    "a subscription in full",
    (f) => `/api/admin/newsletter/${f.subscriberId}`,
    200,
  ),
  // The record panel's one read: the person view embedded, which needs the person route's own right.
  {
    ...staff(
      "GET",
      "/api/admin/leads/:id",
      "a lead with its person, notes and timeline",
      (f) => `/api/admin/leads/${f.leadId}?with=person`,
      200,
    ),
    embeds: "person",
  },
  {
    ...staff(
      "GET",
      "/api/admin/contacts/:id",
      "a contact with its person, notes and timeline",
      (f) => `/api/admin/contacts/${f.contactId}?with=person`,
      200,
    ),
    embeds: "person",
  },
  staff(
    "GET",
    "/api/admin/people/:personId",
    "a person and their timeline",
    (f) => `/api/admin/people/${f.personId}`,
    200,
  ),
  staff(
    "GET",
    "/api/admin/people/:personId",
    "an unknown person",
    () => "/api/admin/people/00000000-0000-4000-8000-000000000000",
    404,
  ),
  staff("GET", "/api/admin/leads", "my leads", () => "/api/admin/leads?owner=me", 200),
  staff(
    "GET",
    "/api/admin/newsletter",
    "an owner filter on the newsletter",
    () => "/api/admin/newsletter?owner=none",
    400,
  ),
  staff("GET", "/api/admin/leads/count", "how many leads match", () => "/api/admin/leads/count?status=new", 200),
  staff(
    "GET",
    "/api/admin/contacts/count",
    "how many unassigned contacts there are",
    () => "/api/admin/contacts/count?owner=none",
    200,
  ),
  staff(
    "GET",
    "/api/admin/contacts/count",
    "a count with an owner that is no email",
    () => "/api/admin/contacts/count?owner=somebody",
    400,
  ),
  staff(
    "GET",
    "/api/admin/newsletter/count",
    "how many subscribers match",
    () => "/api/admin/newsletter/count?q=example",
    200,
  ),
  staff(
    "GET",
    "/api/admin/newsletter/count",
    "a count by a status newsletter does not have",
    () => "/api/admin/newsletter/count?status=qualified",
    400,
  ),

  staff("PATCH", "/api/admin/leads/:id", "an assignment", (f) => `/api/admin/leads/${f.leadId}`, 200, {
    owner: ADMIN_EMAIL,
  }),
  staff("PATCH", "/api/admin/leads/:id", "an owner who is not staff", (f) => `/api/admin/leads/${f.leadId}`, 400, {
    owner: "stranger@example.com",
  }),
  staff("PATCH", "/api/admin/contacts/:id", "a status and an owner", (f) => `/api/admin/contacts/${f.contactId}`, 200, {
    status: "contacted",
    owner: ADMIN_EMAIL,
  }),
  staff(
    "POST",
    "/api/admin/leads/bulk",
    "a bulk status change",
    () => "/api/admin/leads/bulk",
    200,
    (f: Fixture) => ({ ids: [f.leadId], status: "closed" }),
  ),
  staff(
    "POST",
    "/api/admin/contacts/bulk",
    "a bulk assignment",
    () => "/api/admin/contacts/bulk",
    200,
    (f: Fixture) => ({ ids: [f.contactId], owner: ADMIN_EMAIL }),
  ),
  staff(
    "POST",
    "/api/admin/contacts/bulk",
    "a bulk change naming an unknown id",
    () => "/api/admin/contacts/bulk",
    400,
    { ids: ["ghost"], status: "closed" },
  ),
  staff(
    "POST",
    "/api/admin/newsletter/bulk",
    "a bulk unsubscribe",
    () => "/api/admin/newsletter/bulk",
    200,
    (f: Fixture) => ({ ids: [f.subscriberId], status: "unsubscribed" }),
  ),
  staff("POST", "/api/admin/leads/:id/notes", "a note on a lead", (f) => `/api/admin/leads/${f.leadId}/notes`, 201, {
    body: "Called, no answer",
  }),
  staff("POST", "/api/admin/leads/:id/notes", "an empty note", (f) => `/api/admin/leads/${f.leadId}/notes`, 400, {
    body: " ",
  }),
  staff(
    "POST",
    "/api/admin/contacts/:id/notes",
    "a note on a contact",
    (f) => `/api/admin/contacts/${f.contactId}/notes`,
    201,
    { body: "Emailed" },
  ),
  staff(
    "POST",
    "/api/admin/newsletter/:id/notes",
    "a note on a subscription",
    (f) => `/api/admin/newsletter/${f.subscriberId}/notes`,
    201,
    { body: "Asked to stay" },
  ),
  // The note is the admin's: only its author may delete it.
  staff(
    "DELETE",
    "/api/admin/notes/:id",
    "the author deleting their note",
    (f) => `/api/admin/notes/${f.noteId}`,
    204,
    {},
    403,
  ),
  staff(
    "DELETE",
    "/api/admin/notes/:id",
    "an unknown note",
    () => "/api/admin/notes/00000000-0000-4000-8000-000000000000",
    404,
    {},
  ),

  staff("GET", "/api/admin/settings", "the workspace settings", () => "/api/admin/settings", 200),
  staff("PUT", "/api/admin/settings", "round-robin on", () => "/api/admin/settings", 200, {
    assignment: "round-robin",
  }),
  staff("PUT", "/api/admin/settings", "an unknown assignment mode", () => "/api/admin/settings", 400, {
    assignment: "lottery",
  }),
  staff("GET", "/api/admin/staff", "the staff list", () => "/api/admin/staff", 200),
  // A sales rep may set only their own availability (api-routes-team.ts has theirs).
  staff(
    "PATCH",
    "/api/admin/staff/:email",
    "away from round-robin",
    () => `/api/admin/staff/${encodeURIComponent(ADMIN_EMAIL)}`,
    200,
    { available: false },
    403,
  ),
  staff(
    "PATCH",
    "/api/admin/staff/:email",
    "an unknown account",
    () => "/api/admin/staff/nobody%40erf.co.za",
    404,
    { available: false },
    403,
  ),

  // A NUL in a path names nothing (PostgreSQL would refuse it in a query: a 500).
  staff("GET", "/api/admin/leads/:id", "an id with a NUL", () => "/api/admin/leads/a%00b", 404),
  staff("PATCH", "/api/admin/contacts/:id", "an id with a NUL", () => "/api/admin/contacts/a%00b", 404, {
    status: "closed",
  }),
  staff("POST", "/api/admin/newsletter/:id/notes", "an id with a NUL", () => "/api/admin/newsletter/a%00b/notes", 404, {
    body: "x",
  }),
  staff("DELETE", "/api/admin/notes/:id", "an id with a NUL", () => "/api/admin/notes/a%00b", 404, {}),
  staff("PATCH", "/api/admin/staff/:email", "an email with a NUL", () => "/api/admin/staff/a%00b%40erf.co.za", 404, {
    available: true,
  }),
  staff("GET", "/api/admin/people/:personId", "an id with a NUL", () => "/api/admin/people/a%00b", 404),
];
