import { Hono, type MiddlewareHandler } from "hono";
import { contactInput } from "../../src/domain/schemas";
import { insertContact } from "../db/contacts";
import { submissionHandler, type SubmissionDeps } from "./submission";
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
      store: async (db, record) => ({ id: await insertContact(db, record) }),
      followUp: contactFollowUp,
    }),
  );
}
