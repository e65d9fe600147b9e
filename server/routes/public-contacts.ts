import { Hono, type MiddlewareHandler } from "hono";
import { contactInput } from "../../src/domain/schemas";
import { contactRow } from "../db/store";
import { appendRecord, submissionHandler, type SubmissionDeps } from "./submission";
import { contactFollowUp } from "./submission-follow-ups";

export function publicContactsRoutes(deps: SubmissionDeps, guard: MiddlewareHandler) {
  return new Hono().post(
    "/",
    guard,
    submissionHandler(deps, {
      route: "/api/contacts",
      collection: "contacts",
      schema: contactInput,
      botCheckActions: () => ["contact"],
      store: appendRecord("contacts", contactRow),
      followUp: contactFollowUp,
    }),
  );
}
