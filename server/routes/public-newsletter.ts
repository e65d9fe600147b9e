import { Hono, type MiddlewareHandler } from "hono";
import { newsletterInput } from "../../src/domain/schemas";
import { upsertSubscription } from "../db/newsletter";
import { submissionHandler, type SubmissionDeps } from "./submission";
import { newsletterFollowUp } from "./submission-follow-ups";

export function publicNewsletterRoutes(deps: SubmissionDeps, guard: MiddlewareHandler) {
  return new Hono().post(
    "/",
    guard,
    submissionHandler(deps, {
      route: "/api/newsletter",
      collection: "newsletter",
      schema: newsletterInput,
      // The newsletter card and the closing call to action use different labels for the same form.
      botCheckActions: () => ["newsletter", "cta_newsletter"],
      store: (trx, _rows, record) => upsertSubscription(trx, record),
      followUp: newsletterFollowUp,
    }),
  );
}
