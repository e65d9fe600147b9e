import { Hono, type MiddlewareHandler } from "hono";
import type { Transaction } from "kysely";
import { newsletterInput, type NewsletterData } from "../../src/domain/schemas";
import { openConfirmation, outboxRow, webhookEventRow, type GroupRows, type Tables } from "../db/store";
import type { Logger } from "../logger";
import { requestSubscription, rewriteState, type SubscriptionRequest } from "../privacy/subscription-request";
import type { HtmlFormPosts } from "./html-form-posts";
import {
  submissionHandler,
  type FollowUpContext,
  type NewRecord,
  type StoredRecord,
  type SubmissionDeps,
  type SubmissionRoute,
} from "./submission";
import { addConsentGiven } from "./submission-follow-ups";
import { formPost } from "../openapi/describe";
import { NEWSLETTER_EXAMPLE } from "../openapi/examples";

// POST /api/newsletter. Whatever the address's state (new, subscribed, pending, opted out), the answer
// is the same 201 with this request's own new id (see submission.ts): the form must not tell a stranger
// who is on the list. What differs is only what happens next, by email, to the address's owner.

interface StoredSubscription extends StoredRecord {
  request: SubscriptionRequest;
  /** For a request that needs confirming: whether its email was queued, or why not. */
  confirmation: "queued" | "recently-sent" | "no-mail" | null;
}

async function store(
  trx: Transaction<Tables>,
  record: NewRecord<NewsletterData>,
  deps: SubmissionDeps,
): Promise<StoredSubscription> {
  const request = await requestSubscription(trx, record, {
    keys: deps.keys,
    doubleOptIn: deps.config.newsletterDoubleOptIn,
  });
  const changed =
    request.kind === "subscribed"
      ? { id: request.id, op: request.op }
      : request.kind === "confirm"
        ? request.pending
        : null;
  return { changed, request, confirmation: null };
}

/**
 * Subscribed at once: the consent given on the form and the welcome email, as the spec has it. Waiting
 * for confirmation: the email with the link, and no consent yet (the click records it, with the
 * confirmer's IP and time). Already subscribed: nothing, but a write all the same (see rewriteState).
 */
async function followUp(
  trx: Transaction<Tables>,
  rows: GroupRows,
  stored: StoredSubscription,
  record: NewRecord<NewsletterData>,
  context: FollowUpContext,
) {
  const { data, createdAt } = record;
  const { request } = stored;
  if (request.kind === "subscribed") {
    addConsentGiven(rows, "newsletter", data, { collection: "newsletter", id: request.id }, createdAt, context);
    rows.add(
      "webhookEvents",
      webhookEventRow(
        { type: "newsletter.subscribed", collection: "newsletter", recordId: request.id, email: data.email },
        createdAt,
      ),
    );
    if (context.mail.welcome) {
      rows.add(
        "outbox",
        outboxRow(
          { kind: "welcome", subjectEmail: data.email, recordCollection: "newsletter", recordId: request.id },
          createdAt,
        ),
      );
      context.queuedMail = true;
    }
    return;
  }
  if (request.kind === "unchanged") return rewriteState(trx, request.state);
  if (!context.mail.confirmations) {
    stored.confirmation = "no-mail";
    if (!request.pending) await rewriteState(trx, request.state);
    return;
  }
  const confirmationId = await openConfirmation(trx, {
    email: data.email,
    botCheck: record.botCheck,
    now: new Date(createdAt),
  });
  if (!confirmationId) {
    stored.confirmation = "recently-sent";
    if (!request.pending) await rewriteState(trx, request.state);
    return;
  }
  rows.add(
    "outbox",
    outboxRow(
      {
        kind: "newsletter-confirmation",
        subjectEmail: data.email,
        recordCollection: "newsletter",
        recordId: confirmationId,
      },
      createdAt,
    ),
  );
  context.queuedMail = true;
  stored.confirmation = "queued";
}

/** No address in the line (it would sit in log files that an erasure cannot reach). */
function logUnsent(logger: Logger, { confirmation }: StoredSubscription) {
  if (confirmation !== "no-mail") return;
  logger.warn("newsletter-confirmation-unsent", {
    reason: "SMTP_URL is not set",
    message:
      "A newsletter subscription for an address that opted out was not applied: it stays suppressed until its owner confirms by email, which needs SMTP_URL.",
  });
}

export function publicNewsletterRoutes(deps: SubmissionDeps, guard: MiddlewareHandler, htmlForms: HtmlFormPosts) {
  const form: SubmissionRoute<NewsletterData, StoredSubscription> = {
    route: "/api/newsletter",
    collection: "newsletter",
    schema: newsletterInput,
    // The newsletter card and the closing call to action use different labels for the same form.
    botCheckActions: () => ["newsletter", "cta_newsletter"],
    store: (trx, _rows, record) => store(trx, record, deps),
    followUp,
    afterCommit: (stored) => logUnsent(deps.logger, stored),
  };
  // A form the browser posts itself (no JavaScript) is answered by htmlForms; JSON goes on to the guard.
  return new Hono().post(
    "/",
    formPost(
      "Subscribe to the newsletter",
      newsletterInput,
      NEWSLETTER_EXAMPLE,
      "Double opt-in when it is on: the address gets a confirmation link first. The answer never says whether the address was on the list already.",
    ),
    htmlForms(deps, form),
    guard,
    submissionHandler(deps, form),
  );
}
