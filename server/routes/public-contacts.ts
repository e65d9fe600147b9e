import { Hono, type MiddlewareHandler } from "hono";
import { contactInput, type ContactData } from "../../src/domain/schemas";
import { contactRow } from "../db/store";
import type { HtmlFormPosts } from "./html-form-posts";
import { appendRecord, submissionHandler, type SubmissionDeps, type SubmissionRoute } from "./submission";
import { contactFollowUp } from "./submission-follow-ups";
import { formPost } from "../openapi/describe";
import { CONTACT_EXAMPLE } from "../openapi/examples";

export function publicContactsRoutes(deps: SubmissionDeps, guard: MiddlewareHandler, htmlForms: HtmlFormPosts) {
  const form: SubmissionRoute<ContactData> = {
    route: "/api/contacts",
    collection: "contacts",
    schema: contactInput,
    botCheckActions: () => ["contact"],
    spamFacts: (contact) => ({
      email: contact.email,
      texts: [contact.firstName, contact.lastName, contact.message],
      content: contact.message,
    }),
    store: appendRecord("contacts", contactRow),
    followUp: contactFollowUp,
  };
  // A form the browser posts itself (no JavaScript) is answered by htmlForms; JSON goes on to the guard.
  return new Hono().post(
    "/",
    formPost("Send a contact message", contactInput, CONTACT_EXAMPLE),
    htmlForms(deps, form),
    guard,
    submissionHandler(deps, form),
  );
}
