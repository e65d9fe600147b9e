import { Hono, type MiddlewareHandler } from "hono";
import { leadInput } from "../../src/domain/schemas";
import { leadRow } from "../db/store";
import { appendRecord, submissionHandler, type SubmissionDeps } from "./submission";
import { leadFollowUp } from "./submission-follow-ups";

export function publicLeadsRoutes(deps: SubmissionDeps, guard: MiddlewareHandler) {
  return new Hono().post(
    "/",
    guard,
    submissionHandler(deps, {
      route: "/api/leads",
      collection: "leads",
      schema: leadInput,
      // Each form's token carries its own action label (docs/product.md, "The four forms").
      botCheckActions: (lead) => [lead.type],
      store: appendRecord("leads", leadRow),
      followUp: leadFollowUp,
    }),
  );
}
