import { ATTRIBUTION_FIELD_NAMES } from "../../../domain/attribution";
import { CONTACT_FIELDS } from "../../../domain/contact-fields";
import { fieldsOn, type FieldDefinition, type FieldList } from "../../../domain/fields";
import { LEAD_FIELDS } from "../../../domain/lead-fields";
import { NEWSLETTER_FIELDS } from "../../../domain/newsletter-fields";
import { SPAM_SIGNALS, splitSignals } from "../../../domain/spam";
import type { Collection } from "../../../domain/status";
import type { RecordDetail } from "../../../domain/workspace";

// What the record panel lists: every stored field of the record, under the label its field list gives
// it, as a value staff can read (option labels rather than codes, the phone beside its E.164 form).
// Driven by the field lists, so a field added to a list shows up here without a change.

const LISTS: Record<Collection, FieldList> = {
  leads: LEAD_FIELDS,
  contacts: CONTACT_FIELDS,
  newsletter: NEWSLETTER_FIELDS,
};

export const TYPE_LABELS: Record<string, string> = {
  signup: "Signup",
  demo: "Demo request",
  contact: "Contact message",
  newsletter: "Newsletter subscription",
};

const BOT_CHECK_LABELS: Record<string, string> = {
  passed: "Passed",
  failed: "Failed: likely a bot",
  missing: "No token sent",
  skipped: "Not checked (no reCAPTCHA key set)",
};

export type FieldValue =
  | { kind: "text"; text: string }
  /** Free text the person wrote (challenges, a message): shown in full, line breaks kept. */
  | { kind: "long"; text: string }
  | { kind: "code"; text: string }
  | { kind: "email"; email: string }
  /** As typed, and in E.164 when it reads as a number (null otherwise). */
  | { kind: "phone"; raw: string; e164: string | null }
  | { kind: "status"; status: string }
  | { kind: "owner"; owner: string | null }
  | { kind: "date"; iso: string }
  | { kind: "path"; path: string }
  | { kind: "consent"; consent: NonNullable<RecordDetail["consent"]> | null }
  | { kind: "empty" };

export interface FieldRow {
  name: string;
  label: string;
  value: FieldValue;
}

export interface FieldSection {
  title: string;
  rows: FieldRow[];
}

/** What staff change and watch, first: where the record stands and who has it. */
const HANDLING_SECTION = new Set(["status", "owner", "firstResponseAt"]);
const CONTACT_SECTION = new Set([
  "firstName",
  "lastName",
  "email",
  "phone",
  "companyName",
  "jobTitle",
  "organizationType",
  "propertyCount",
]);
/** Where the record came from: the page it was sent from and the visit's first touch (attribution.ts). */
const SOURCE_SECTION = new Set<string>(["sourcePath", ...ATTRIBUTION_FIELD_NAMES]);
/** The lead's `name` is its first and last name joined: the panel's title, not a row of its own. */
const NOT_ROWS = new Set(["name"]);
/** Left out when empty: no form fills a lead's message, so it is always empty there. */
const HIDDEN_WHEN_EMPTY = new Set(["message"]);
const LONG_TEXT = 500;

function valueOf(name: string, field: FieldDefinition, value: unknown, detail: RecordDetail): FieldValue {
  if (name === "status" && typeof value === "string") return { kind: "status", status: value };
  if (name === "owner") return { kind: "owner", owner: typeof value === "string" && value ? value : null };
  if (value === null || value === undefined || value === "") return { kind: "empty" };
  const text = String(value);
  // The signals that fired, in words (src/domain/spam.ts), rather than their stored names.
  if (name === "spamSignals")
    return {
      kind: "text",
      text:
        splitSignals(text)
          .map((signal) => SPAM_SIGNALS[signal].label)
          .join("; ") || text,
    };
  switch (field.kind) {
    case "email":
      return { kind: "email", email: text };
    case "phone":
      return { kind: "phone", raw: text, e164: detail.phoneE164 };
    case "option":
      return { kind: "text", text: field.options?.find((option) => option.value === text)?.label ?? text };
    case "enum":
      if (name === "type") return { kind: "text", text: TYPE_LABELS[text] ?? text };
      if (name === "botCheck") return { kind: "text", text: BOT_CHECK_LABELS[text] ?? text };
      return { kind: "text", text };
    case "boolean":
      return { kind: "text", text: value === true ? "Yes" : "No" };
    case "timestamp":
      return { kind: "date", iso: text };
    case "path":
      return { kind: "path", path: text };
    case "tag":
    case "origin":
      return { kind: "text", text };
    case "id":
      return { kind: "code", text };
    case "score":
      return { kind: "text", text };
    case "text":
      return field.max > LONG_TEXT ? { kind: "long", text } : { kind: "text", text };
  }
}

/**
 * The record's fields in its list's order, grouped: how it is being handled, who they are, what they
 * wrote, and the record itself (its consent, then its id, last).
 */
export function fieldSections(collection: Collection, detail: RecordDetail): FieldSection[] {
  const variant = collection === "leads" ? String(detail.type) : undefined;
  const values = detail as unknown as Record<string, unknown>;
  const handling: FieldRow[] = [];
  const contact: FieldRow[] = [];
  const words: FieldRow[] = [];
  const source: FieldRow[] = [];
  const record: FieldRow[] = [];
  let id: FieldRow | null = null;
  for (const [name, field] of fieldsOn(LISTS[collection], variant)) {
    if (NOT_ROWS.has(name)) continue;
    const value = valueOf(name, field, values[name], detail);
    if (value.kind === "empty" && HIDDEN_WHEN_EMPTY.has(name)) continue;
    const row = { name, label: field.label, value };
    if (name === "id") id = row;
    else if (HANDLING_SECTION.has(name)) handling.push(row);
    else if (CONTACT_SECTION.has(name)) contact.push(row);
    else if (SOURCE_SECTION.has(name)) source.push(row);
    else if (field.kind === "text" && field.max > LONG_TEXT) words.push(row);
    else record.push(row);
  }
  // The consent that came with the record is not a field of it, but staff need it beside the record.
  record.push({ name: "consent", label: "Consent", value: { kind: "consent", consent: detail.consent } });
  if (id) record.push(id);
  return [
    { title: "Handling", rows: handling },
    { title: "Contact details", rows: contact },
    { title: "What they wrote", rows: words },
    // Shown only when something is known: a record sent without JavaScript, or before attribution, has none.
    { title: "Source", rows: source.some((row) => row.value.kind !== "empty") ? source : [] },
    { title: "Record", rows: record },
  ].filter((section) => section.rows.length > 0);
}

/** The panel's title: the person's name, else their email. */
export function recordTitle(
  detail: { email: string } & Partial<Record<"name" | "firstName" | "lastName", string | null>>,
): string {
  const name = detail.name || `${detail.firstName ?? ""} ${detail.lastName ?? ""}`.trim();
  return name || detail.email;
}
