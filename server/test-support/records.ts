import { insertContact, insertLead, subscribeEmail, type Db } from "../db/store";
import type { ContactRecord } from "../../src/domain/records";
import { contactInput, leadInput } from "../../src/domain/schemas";
import { validContact, validDemo, validSignup } from "./app";
import { NO_ATTRIBUTION, UNATTRIBUTED } from "../../src/domain/attribution";
import { NOT_SCORED } from "../../src/domain/spam";

// Rows written straight to the tables (no change log), for the list, stats and export suites.

export async function seedContact(
  db: Db,
  id: string,
  createdAt: string,
  overrides: Partial<typeof validContact & typeof NO_ATTRIBUTION> = {},
) {
  await insertContact(db, {
    id,
    data: contactInput.parse({ ...validContact, ...overrides }),
    botCheck: "skipped",
    createdAt,
  });
}

export async function seedLead(
  db: Db,
  id: string,
  createdAt: string,
  overrides: Record<string, unknown> = {},
  type: "signup" | "demo" = "signup",
) {
  const base = type === "signup" ? validSignup : validDemo;
  await insertLead(db, { id, data: leadInput.parse({ ...base, ...overrides }), botCheck: "skipped", createdAt });
}

export async function seedSubscriber(db: Db, id: string, createdAt: string, email: string) {
  await subscribeEmail(db, { id, data: { email, ...NO_ATTRIBUTION }, botCheck: "skipped", createdAt });
}

/** 2025-04-01T00:00:00.000Z plus n minutes: distinct, ordered timestamps. */
export const minute = (n: number) => new Date(Date.UTC(2025, 3, 1) + n * 60_000).toISOString();

/**
 * What validContact reads back as once stored, whether posted or seeded: the email lower-cased, no
 * company, a new contact whose bot check was skipped. Written out, so a change to the record shows here.
 */
export function storedContact(id: string, createdAt: string, overrides: Partial<ContactRecord> = {}): ContactRecord {
  return {
    id,
    firstName: "Naledi",
    lastName: "Mokoena",
    email: "naledi@example.co.za",
    phone: "+27 82 555 0101",
    message: "Please call me about 40 units in Sandton.",
    companyName: null,
    sourcePath: null,
    ...UNATTRIBUTED,
    status: "new",
    owner: null,
    firstResponseAt: null,
    type: "contact",
    botCheck: "skipped",
    ...NOT_SCORED,
    createdAt,
    ...overrides,
  };
}
