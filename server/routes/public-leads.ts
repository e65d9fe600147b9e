import { Hono, type MiddlewareHandler } from "hono";
import { leadInput, type LeadData } from "../../src/domain/schemas";
import { leadRow } from "../db/store";
import type { HtmlFormPosts } from "./html-form-posts";
import { appendRecord, submissionHandler, type SubmissionDeps, type SubmissionRoute } from "./submission";
import { leadFollowUp } from "./submission-follow-ups";
import { formPost } from "../openapi/describe";
import { SIGNUP_EXAMPLE } from "../openapi/examples";

export function publicLeadsRoutes(deps: SubmissionDeps, guard: MiddlewareHandler, htmlForms: HtmlFormPosts) {
  const form: SubmissionRoute<LeadData> = {
    route: "/api/leads",
    collection: "leads",
    schema: leadInput,
    // Each form's token carries its own action label (docs/product.md, "The four forms").
    botCheckActions: (lead) => [lead.type],
    spamFacts: (lead) => ({
      email: lead.email,
      texts:
        lead.type === "demo"
          ? [lead.firstName, lead.lastName, lead.companyName, lead.jobTitle ?? "", lead.challenges]
          : [lead.firstName, lead.lastName, lead.companyName],
      content: lead.type === "demo" ? lead.challenges : null,
    }),
    store: appendRecord("leads", leadRow),
    followUp: leadFollowUp,
  };
  // A form the browser posts itself (no JavaScript) is answered by htmlForms; JSON goes on to the guard.
  return new Hono().post(
    "/",
    formPost("Sign up, or request a demo", leadInput, SIGNUP_EXAMPLE, "`type` says which: signup or demo."),
    htmlForms(deps, form),
    guard,
    submissionHandler(deps, form),
  );
}
