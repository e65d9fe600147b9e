import { describe, expect, it } from "vitest";
import { contactInput, leadInput, newsletterInput } from "../../domain/schemas";
import { consentProof, contactDocument, leadDocument, newsletterDocument } from "./documents";
import {
  DOCUMENT_SHAPES,
  FIELD_RULES_BEGIN,
  FIELD_RULES_END,
  documentFields,
  fieldRulesBlock,
  type DocumentShape,
} from "./field-rules";
import { expectRulesBlock } from "./test-support/rules-block";

// firestore.rules cannot import the field lists, so it holds a generated copy of what they say about
// each document: its keys, the sizes and option lists of what the visitor wrote, and the limits. A
// field added to a list fails here until the block in the rules is replaced with the one printed below.
// (tests/rules checks, in the emulator, that the rules accept and refuse what they should.)

const contact = contactInput.parse({
  firstName: "Naledi",
  lastName: "Dlamini",
  email: "naledi@example.co.za",
  phone: "",
  message: "Hi",
  recaptchaToken: "t",
});
const signup = leadInput.parse({
  type: "signup",
  firstName: "Pieter",
  lastName: "van Wyk",
  email: "pieter@example.co.za",
  phone: "",
  companyName: "Karoo Rentals",
  organizationType: "landlord",
  propertyCount: "6-20",
  marketingOptIn: true,
  termsAccepted: true,
  recaptchaToken: "t",
});
const demo = leadInput.parse({
  type: "demo",
  firstName: "Ama",
  lastName: "Owusu",
  email: "ama@example.com",
  phone: "+233 20 000 0000",
  companyName: "Accra Estates",
  organizationType: "investor",
  propertyCount: "51-200",
});
const subscription = newsletterInput.parse({ email: "reader@example.com" });

/** What the adapter writes for each shape, with every optional key it can add. */
const WRITTEN: Record<string, object> = {
  contactFields: contactDocument(contact, "now"),
  signupFields: leadDocument(signup, "now"),
  demoFields: leadDocument(demo, "now"),
  subscriptionFields: newsletterDocument(
    subscription,
    consentProof("newsletter", subscription, {}, "now"),
    "consent-id",
    "now",
  ),
};

const keysOf = (shape: DocumentShape) => {
  const required = [...documentFields(shape).map(([name]) => name), ...shape.extraRequired];
  return { required, allowed: [...required, ...shape.extraOptional] };
};

describe("firestore.rules and the field lists", () => {
  it("check exactly the fields, sizes and options the lists declare", () => {
    expectRulesBlock(FIELD_RULES_BEGIN, FIELD_RULES_END, fieldRulesBlock());
  });

  it.each(DOCUMENT_SHAPES.map((shape) => [shape.check, shape] as const))(
    "%s: the adapter writes every key the rules require, and no other",
    (check, shape) => {
      const written = Object.keys(WRITTEN[check]!);
      const { required, allowed } = keysOf(shape);
      expect(
        required.filter((key) => !written.includes(key)),
        "required by the rules, missing from documents.ts",
      ).toEqual([]);
      expect(
        written.filter((key) => !allowed.includes(key)),
        "written by documents.ts, refused by the rules",
      ).toEqual([]);
    },
  );
});
