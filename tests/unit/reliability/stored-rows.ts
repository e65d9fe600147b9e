import { ATTRIBUTION_FIELD_NAMES } from "../../../src/domain/attribution";
import { CONTACT_FIELDS } from "../../../src/domain/contact-fields";
import { visitorFields, type FieldList } from "../../../src/domain/fields";
import { LEAD_FIELDS } from "../../../src/domain/lead-fields";
import { NEWSLETTER_FIELDS } from "../../../src/domain/newsletter-fields";
import { contactInput, leadInput, newsletterInput } from "../../../src/domain/schemas";
import { SPAM_SIGNALS, spamScore, splitSignals } from "../../../src/domain/spam";
import type { Db } from "../../../server/db/store";
import type { PublicRoute } from "./valid-payloads";

// Maps stored rows back to the input that would have produced them and re-parses that with the shared
// schema: a row the schema would refuse, or would store differently, is a row that should not exist.

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
// The server makes record ids as UUIDv7 (server/db/record-id.ts); a forged id sent in a body is not one.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const VERDICTS = ["passed", "failed", "missing", "skipped"];

/** The fields a submission stores, as the schema outputs them (tokens, honeypot and consent metadata are not stored on the row). */
export function storedShape(route: PublicRoute, output: Record<string, unknown>): Record<string, unknown> {
  const { recaptchaToken: _token, renderStamp: _stamp, website: _honeypot, consentVersion: _version, ...rest } = output;
  return route === "newsletter"
    ? { email: rest.email, ...Object.fromEntries(ATTRIBUTION_FIELD_NAMES.map((name) => [name, rest[name]])) }
    : rest;
}

/** Key order does not matter; values do. */
export const canonical = (value: Record<string, unknown>) =>
  JSON.stringify(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)));

type Row = Record<string, unknown>;

const LISTS: Record<PublicRoute, FieldList> = {
  contacts: CONTACT_FIELDS,
  leads: LEAD_FIELDS,
  newsletter: NEWSLETTER_FIELDS,
};

/**
 * The input a row came from, as far as the row tells (tokens and consent metadata are not on it): each
 * field the visitor wrote, by its list, with text (and a path) the server keeps as null back to "" and 0/1 to
 * a boolean.
 */
export function inputFromRow(route: PublicRoute, row: Row): Record<string, unknown> {
  const variant = route === "leads" ? String(row.type) : undefined;
  const input: Record<string, unknown> = {};
  for (const [name, field] of visitorFields(LISTS[route], variant)) {
    const value = row[name];
    const emptyAsNull =
      field.kind === "text" ||
      field.kind === "phone" ||
      field.kind === "path" ||
      field.kind === "tag" ||
      field.kind === "origin";
    input[name] = field.kind === "boolean" ? value === 1 || value === true : emptyAsNull ? (value ?? "") : value;
  }
  // The form's terms box is stored as the moment the server accepted it.
  if (variant === "signup") input.termsAccepted = row.termsAcceptedAt !== null;
  return input;
}

const SCHEMAS = { contacts: contactInput, leads: leadInput, newsletter: newsletterInput } as const;
const INITIAL_STATUS = { contacts: "new", leads: "new", newsletter: "subscribed" } as const;

/** Every row of a public collection that the shared schema would not have produced. */
export function rowProblems(route: PublicRoute, row: Row): string[] {
  const problems: string[] = [];
  const input = inputFromRow(route, row);
  const parsed = SCHEMAS[route].safeParse(input);
  if (!parsed.success)
    problems.push(
      `fails the schema: ${parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ")}`,
    );
  else if (canonical(storedShape(route, parsed.data as Record<string, unknown>)) !== canonical(input)) {
    problems.push(`not in the schema's canonical form: ${JSON.stringify(input)}`);
  }
  if (typeof row.id !== "string" || !UUID.test(row.id)) problems.push(`id ${String(row.id)} is not a server UUID`);
  if (typeof row.createdAt !== "string" || !ISO.test(row.createdAt))
    problems.push(`createdAt ${String(row.createdAt)}`);
  if (!VERDICTS.includes(String(row.botCheck))) problems.push(`botCheck ${String(row.botCheck)}`);
  // Nothing in these runs changes a status, so every row still has the one the server gives.
  if (row.status !== INITIAL_STATUS[route]) problems.push(`status ${String(row.status)}`);
  if (route === "leads") {
    if (row.name !== `${String(row.firstName)} ${String(row.lastName)}`) problems.push("name is not first + last");
    if (row.message !== null) problems.push("message set on a lead");
    if (row.type === "signup" && row.termsAcceptedAt !== row.createdAt)
      problems.push("termsAcceptedAt is not the server's time");
    if (row.type === "demo" && (row.marketingOptIn !== null || row.termsAcceptedAt !== null))
      problems.push("signup fields on a demo");
  }
  if (route === "contacts" && row.companyName !== null) problems.push("companyName set by a public form");
  if (route !== "newsletter") {
    // Scored on the way in: known signals, the score their weights sum to, and held as spam by none
    // (these runs use the test config's threshold, which no score passes).
    const named = String(row.spamSignals).split(",").filter(Boolean);
    if (row.spamSignals === null || named.some((name) => !(name in SPAM_SIGNALS)))
      problems.push(`spamSignals ${String(row.spamSignals)}`);
    if (row.spamScore !== spamScore(splitSignals(String(row.spamSignals))))
      problems.push(`spamScore ${String(row.spamScore)} is not its signals' sum`);
    if (row.spam !== 0) problems.push("held as spam");
  }
  return problems;
}

export async function readPublicRows(db: Db, route: PublicRoute): Promise<Row[]> {
  return (await db.selectFrom(route).selectAll().execute()) as Row[];
}
