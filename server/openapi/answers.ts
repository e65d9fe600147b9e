import { z } from "zod";
import { TOKEN_SCOPES, TOKEN_SUSPENSIONS } from "../../src/domain/api-tokens";
import { ASSIGNMENT_MODES, BULK_MAX } from "../../src/domain/workspace";
import { COLLECTIONS, LEAD_TYPES } from "../../src/domain/status";
import { WEBHOOK_EVENTS } from "../../src/domain/webhooks";
import { ROLES } from "../../src/domain/roles";
import { AUDIT_ACTIONS, OUTBOX_KINDS, OUTBOX_STATES, type ErasureResult } from "../../src/domain/privacy";
import { RECORD_NAMES, RECORD_SCHEMAS } from "./record-schemas";
import type { Collection } from "../../src/domain/status";

// What the API answers, for its description. Requests are described by the schemas the routes parse
// with; answers are TypeScript types on the server, so their shapes are written here, once, and the
// third-party contract run in CI (Portman) holds the live server to them.

/** Every refusal: a code, and where the client can fix something, the fields and what is wrong with each. */
export const errorBody = z.object({
  error: z
    .string()
    .describe('A stable code: "validation", "not-found", "unauthenticated", "forbidden", "too-many-requests"...'),
  message: z.string().optional().describe("Words a person can read"),
  fields: z
    .record(z.string(), z.string())
    .optional()
    .describe("For validation: the field (or header or parameter) and what is wrong with it"),
});

export const created = z.object({ id: z.string().describe("The new record's id") });
export const stamp = z.object({
  stamp: z.string().describe("The signed render stamp the form sends back as renderStamp"),
});
export const health = z.object({ status: z.enum(["ok", "unavailable"]) });
export const subscriptionStatus = z.object({
  status: z.string().describe('"unsubscribed", "subscribed" or "already-..."'),
});

const consent = z
  .object({ purpose: z.string(), action: z.string(), at: z.iso.datetime(), source: z.string().nullable() })
  .nullable();

const personRecord = z.object({
  collection: z.enum(COLLECTIONS),
  id: z.string(),
  type: z.string(),
  status: z.string(),
  createdAt: z.iso.datetime(),
});
const timelineEntry = z
  .looseObject({ kind: z.string(), at: z.iso.datetime() })
  .describe("One entry of the person's timeline; `kind` says which fields it has");
export const personView = z.object({
  person: z.object({ id: z.string(), email: z.string(), records: z.array(personRecord) }),
  timeline: z.array(timelineEntry),
});

export const listPage = (collection: Collection) =>
  z.object({
    items: z.array(RECORD_SCHEMAS[collection]),
    nextCursor: z.string().nullable().describe("Pass as `cursor` for the next page; null on the last"),
    position: z.string().optional().describe("The live stream's position when the page was read"),
    personRecords: z
      .record(z.string(), z.number().int())
      .optional()
      .describe("Records per person on the page, by email (only people with more than one)"),
  });

export const matchCount = z.object({ count: z.number().int().min(0).max(BULK_MAX), more: z.boolean() });

export const recordDetail = (collection: Collection) =>
  RECORD_SCHEMAS[collection].extend({
    personId: z.string(),
    phoneE164: z.string().nullable(),
    consent,
    person: personView.optional().describe("With ?with=person"),
  });

export const note = z.object({
  id: z.string(),
  collection: z.enum(COLLECTIONS),
  recordId: z.string(),
  body: z.string(),
  author: z.string(),
  createdAt: z.iso.datetime(),
});
export const bulkResult = z.object({ updated: z.number().int() });

export const staffAccount = z.object({
  email: z.string(),
  name: z.string().nullable(),
  role: z.enum(ROLES),
  disabled: z.boolean(),
  twoFactor: z.boolean(),
  lastSignInAt: z.iso.datetime().nullable(),
  available: z.boolean().describe("Takes part in round-robin assignment"),
});

const count = z.number().int().min(0);
export const dashboardStats = z.object({
  totalLeads: count,
  newLeads: count,
  signups: count,
  demoRequests: count,
  newsletter: count,
  tabs: z.object({ leads: count, contacts: count, newsletter: count }).describe("Each tab's record count"),
  medianFirstResponseMs: z
    .number()
    .min(0)
    .nullable()
    .describe("Median time to first response of the last 7 days' leads and contacts; null when none was answered"),
});

export const twoFactorSetup = z.object({
  otpauthUri: z.string().describe("For the authenticator app (as a QR code)"),
  secret: z.string().describe("The same secret, to type in"),
});

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .describe("YYYY-MM-DD (UTC)");
const responseTimes = { count, medianMs: z.number().min(0).nullable(), p90Ms: z.number().min(0).nullable() };
export const insights = z.object({
  from: day,
  to: day,
  owner: z.string().nullable(),
  perDay: z
    .array(z.object({ day, signup: count, demo: count, contact: count, newsletter: count }))
    .describe("Every day of the range, oldest first, zeros included"),
  previousTotal: count.describe("Records of the same number of days just before `from`"),
  bySource: z.array(z.object({ source: z.string().nullable(), medium: z.string().nullable(), count })),
  funnel: z.array(
    z.object({ source: z.string().nullable(), new: count, contacted: count, qualified: count, closed: count }),
  ),
  responseByWeek: z
    .array(z.object({ week: day, ...responseTimes }))
    .describe("Leads and contacts by the week (from Monday, UTC) they arrived in"),
  responseByOwner: z.array(z.object({ owner: z.string().nullable(), ...responseTimes })),
  organizations: z.array(z.object({ organizationType: z.string(), propertyCount: z.string(), count })),
  unavailable: z
    .array(z.enum(["bySource", "funnel", "responseByWeek", "responseByOwner"]))
    .optional()
    .describe("Parts this back end cannot work out (Firebase only)"),
});

const consentRecord = z.object({
  id: z.string(),
  email: z.string(),
  purpose: z.string(),
  channel: z.string(),
  action: z.string(),
  wordingVersion: z.string().nullable(),
  wording: z.string().nullable(),
  source: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  recordCollection: z.string().nullable(),
  recordId: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export const subjectRecords = z.object({
  email: z.string(),
  leads: z.array(RECORD_SCHEMAS.leads),
  contacts: z.array(RECORD_SCHEMAS.contacts),
  newsletter: z.array(RECORD_SCHEMAS.newsletter),
  consents: z.array(consentRecord),
  outbox: count.describe("Alert and welcome emails still queued or kept about the person's records"),
  suppressed: z.boolean().describe("Whether the address is on the suppression list"),
});
/** Every table an erasure reports (the type makes this list whole). */
const erased: Record<keyof ErasureResult["deleted"], typeof count> = {
  leads: count,
  contacts: count,
  newsletter: count,
  consents: count,
  outbox: count,
  changes: count,
  idempotencyKeys: count,
  confirmations: count,
  notes: count,
  timeline: count,
  people: count,
  webhooks: count,
};
export const erasureResult = z.object({
  email: z.string(),
  deleted: z.strictObject(erased).describe("Rows deleted, table by table"),
});
export const outboxHealth = z.object({
  failing: count,
  lastError: z.string().nullable(),
  lastErrorAt: z.iso.datetime().nullable(),
  items: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(OUTBOX_KINDS),
      state: z.enum(OUTBOX_STATES),
      attempts: count,
      nextAttemptAt: z.iso.datetime().nullable(),
      lastError: z.string().nullable(),
      recordCollection: z.string(),
      recordId: z.string(),
      createdAt: z.iso.datetime(),
      sentAt: z.iso.datetime().nullable(),
    }),
  ),
});

export const auditEntry = z.object({
  id: z.number().int(),
  at: z.iso.datetime(),
  actor: z.string().describe('A staff email, "cli", "system" (scheduled jobs) or "anonymous"'),
  action: z.enum(AUDIT_ACTIONS),
  details: z
    .record(z.string(), z.unknown())
    .describe("What changed; never a password, a data subject only as a salted email hash"),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});

/** An answer with nothing in it. */
export const empty = z.strictObject({});

export const staffSession = z.looseObject({
  email: z.string(),
  name: z.string().nullable(),
  role: z.string(),
  twoFactor: z.boolean(),
});

export const webhookEndpoint = z.looseObject({
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  disabled: z.boolean(),
});
export const webhookAttempt = z.looseObject({
  id: z.string(),
  event: z.enum(WEBHOOK_EVENTS),
  webhookId: z.string(),
  status: z.number().int().nullable(),
  durationMs: z.number(),
  error: z.string().nullable(),
  at: z.iso.datetime(),
});
export const apiToken = z.looseObject({
  id: z.string(),
  name: z.string(),
  scopes: z.array(z.enum(TOKEN_SCOPES)),
  createdBy: z.string(),
  lastUsedAt: z.iso.datetime().nullable(),
  expiresAt: z.iso.datetime().nullable(),
  suspended: z
    .enum(TOKEN_SUSPENSIONS)
    .nullable()
    .describe(
      "Why the token is refused altogether (401) now: its creator is disabled or no longer on the team; null when it works",
    ),
  suspendedScopes: z
    .array(z.enum(TOKEN_SCOPES))
    .describe(
      "Its scopes refused (403) because its creator's current role does not have them (all of them while suspended)",
    ),
});

/** An answer this description does not break into fields (only the description itself): an object, described in words. */
export const object = (description: string) => z.looseObject({}).describe(description);

/** The body each webhook event is sent with (Standard Webhooks: signed, {type, timestamp, data}). */
export const webhookPayload = (event: string, data: z.ZodType) =>
  z.object({ type: z.literal(event), timestamp: z.iso.datetime(), data });

export const recordName = (collection: Collection) => RECORD_NAMES[collection];
export const leadTypes = LEAD_TYPES;

// --- Query strings, as the handlers read them (server/http/list-query.ts) ---

const text = (description: string) => z.string().optional().describe(description);

export const listFilters = (collection: Collection) =>
  z.object({
    q: text("Searches name, email, company and phone"),
    status: text("One of the collection's statuses"),
    ...(collection === "leads" && { type: z.enum(LEAD_TYPES).optional().describe("signup or demo") }),
    ...(collection !== "newsletter" && {
      owner: text('"me", "none" (unassigned) or a staff email'),
      spam: z
        .enum(["only", "exclude"])
        .optional()
        .describe('"only": the Spam view; left out (the default), spam is not listed'),
    }),
    source: text("The first touch's utm_source, matched exactly"),
    medium: text("The first touch's utm_medium"),
    campaign: text("The first touch's utm_campaign"),
  });

export const listQuery = (collection: Collection) =>
  listFilters(collection).extend({
    limit: z.string().regex(/^\d+$/).optional().describe("Records per page, 1-500 (default 100)"),
    cursor: text("A previous page's nextCursor"),
  });

export const exportQuery = listFilters("leads").extend({
  collections: text("Comma-separated: leads, contacts, newsletter (default all)"),
  columns: z.enum(["default", "extended"]).optional().describe("extended adds attribution, spam and owner columns"),
});
export const insightsQuery = z.object({
  from: text("First day, YYYY-MM-DD (default 30 days ago)"),
  to: text("Last day, YYYY-MM-DD (default today)"),
  owner: text('"me", "none" or a staff email'),
});
export const auditQuery = z.object({
  limit: z.string().optional().describe("1-500 (default 100)"),
  cursor: text("A previous page's nextCursor"),
});
export const eventsQuery = z.object({ after: text("A position to replay changes after (or send Last-Event-ID)") });
export const outboxQuery = z.object({ state: z.literal("failing").optional().describe('Only "failing"') });

export const recordOf = (collection: Collection) => RECORD_SCHEMAS[collection];
export const blocklistEntry = z.object({
  entry: z.string(),
  kind: z.enum(["address", "domain"]),
  addedBy: z.string(),
  createdAt: z.iso.datetime(),
});
export const settings = z.object({ assignment: z.enum(ASSIGNMENT_MODES) });
