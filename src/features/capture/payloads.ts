import type { CONTACT_FIELDS } from "../../domain/contact-fields";
import type { FieldList, VisitorFieldName } from "../../domain/fields";
import type { LEAD_FIELDS } from "../../domain/lead-fields";
import type { ContactInput, DemoInput, SignupInput } from "../../domain/schemas";
import { consentFields, pagePath } from "./consent-context";
import { firstTouch } from "./first-touch";
import { isChecked, personValues } from "./form-values";

// What each public form sends, from its trimmed text values (and its checkboxes). Every payload names
// every field its collection's list says a visitor writes (optional ones too), so a field added to a list
// is a compile error here until the form sends it. The newsletter boxes' payload is in use-newsletter.ts,
// so the home page does not load these.

export type EveryVisitorField<L extends FieldList, V extends string = never> = Record<VisitorFieldName<L, V>, unknown>;

type Values = Record<string, string>;

export const contactPayload = (values: Values): ContactInput =>
  ({
    ...personValues(values),
    message: values.message ?? "",
    sourcePath: pagePath(),
    ...firstTouch(),
  }) satisfies ContactInput & EveryVisitorField<typeof CONTACT_FIELDS>;

export function signupPayload(values: Values, form: HTMLFormElement): SignupInput {
  return {
    type: "signup",
    ...personValues(values),
    companyName: values.companyName ?? "",
    organizationType: (values.organizationType ?? "") as SignupInput["organizationType"],
    propertyCount: (values.propertyCount ?? "") as SignupInput["propertyCount"],
    marketingOptIn: isChecked(form, "marketingOptIn"),
    termsAccepted: isChecked(form, "termsAccepted") as true,
    sourcePath: pagePath(),
    ...firstTouch(),
    // The box's wording version; the server records a consent only when it was ticked.
    consentVersion: consentFields("marketing").consentVersion,
  } satisfies SignupInput & EveryVisitorField<typeof LEAD_FIELDS, "signup">;
}

export function demoPayload(values: Values): DemoInput {
  return {
    type: "demo",
    ...personValues(values),
    companyName: values.companyName ?? "",
    jobTitle: values.jobTitle ?? "",
    organizationType: (values.organizationType ?? "") as DemoInput["organizationType"],
    propertyCount: (values.propertyCount ?? "") as DemoInput["propertyCount"],
    challenges: values.challenges ?? "",
    sourcePath: pagePath(),
    ...firstTouch(),
  } satisfies DemoInput & EveryVisitorField<typeof LEAD_FIELDS, "demo">;
}
