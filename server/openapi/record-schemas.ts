import { z } from "zod";
import { CONTACT_FIELDS } from "../../src/domain/contact-fields";
import type { FieldDefinition, FieldList } from "../../src/domain/fields";
import { LEAD_FIELDS } from "../../src/domain/lead-fields";
import { NEWSLETTER_FIELDS } from "../../src/domain/newsletter-fields";
import type { Collection } from "../../src/domain/status";

// The records staff read, as the API description shows them: built from the same field lists the
// record types, the form schemas and the SQL tables follow (src/domain/fields.ts), so a field added
// there is in the description without anyone writing it twice.

function valueOf(field: FieldDefinition): z.ZodType {
  switch (field.kind) {
    case "text":
      return z.string().max(field.max);
    case "email":
      return z.string().describe("An email address, lower-cased");
    case "path":
    case "origin":
    case "tag":
    case "phone":
      return z.string();
    case "option": {
      const values = [
        ...new Set(
          [
            ...(field.options ?? []),
            ...Object.values(field.variants ?? {}).flatMap((variant) => variant.options ?? []),
          ].map((option) => option.value),
        ),
      ];
      return values.length > 0 ? z.enum(values as [string, ...string[]]) : z.string();
    }
    case "enum":
      return z.enum(field.values as [string, ...string[]]);
    case "boolean":
      return z.boolean();
    case "score":
      return z.number().int().min(0).max(100);
    case "timestamp":
      return z.iso.datetime();
    case "id":
      return z.string().describe("The record's id (a UUIDv7)");
  }
}

/** One collection's record: every field, null where the field may be empty or a variant lacks it. */
export function recordSchema(fields: FieldList): z.ZodObject {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, field] of Object.entries(fields)) {
    const value = valueOf(field).describe(field.label);
    shape[name] = field.nullable || field.variants ? value.nullable() : value;
  }
  return z.object(shape);
}

export const RECORD_SCHEMAS: Record<Collection, z.ZodObject> = {
  leads: recordSchema(LEAD_FIELDS),
  contacts: recordSchema(CONTACT_FIELDS),
  newsletter: recordSchema(NEWSLETTER_FIELDS),
};

/** The description's component name for each collection's record. */
export const RECORD_NAMES: Record<Collection, string> = {
  leads: "Lead",
  contacts: "Contact",
  newsletter: "Subscriber",
};
