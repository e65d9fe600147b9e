import type { Context, MiddlewareHandler } from "hono";
import {
  FORM_FAILURES,
  FORM_ID_FIELD,
  htmlForm,
  sentPath,
  type HtmlForm,
  type HtmlFormId,
} from "../../src/domain/html-forms";
import type { FieldErrors } from "../../src/domain/schemas";
import { describeError, type Logger } from "../logger";
import { clientIp } from "../http/client-ip";
import { FORM_BODY_BYTES, readPostedForm, type PostedForm } from "../http/form-body";
import { declaredLength, mediaTypeOf, readBodyText, tooLarge } from "../http/json-body";
import { formPostScope } from "../http/request-fingerprint";
import { clientBucket } from "../security/client-bucket";
import { isHoneypotFilled } from "../security/honeypot";
import type { RateLimitDecision, RateLimiter } from "../security/rate-limit";
import { forbidden, isSameOrigin, requestOrigin } from "../security/same-origin";
import type { FormPages } from "../static/form-page";
import { runSubmission, type StoredRecord, type SubmissionDeps, type SubmissionRoute } from "./submission";

// A public form posted by the browser itself, without JavaScript: application/x-www-form-urlencoded,
// the form's page naming itself in a hidden field (src/domain/html-forms.ts). The same limiter, honeypot,
// schema and transaction as the JSON route; only the answers differ, made for a person rather than a
// script (decision 0027):
//
// - sent (or a repeat of one sent in the last minutes): 303 to the prerendered result page;
// - refused by the schema: 400 with the form's page, filled in again, each error beside its field;
// - rate-limited or failed: 429 or 500 with the same page, filled in, and the form's failure words.
//
// Nothing the visitor typed goes into a URL: the answer to a correction is the page itself, not a redirect.

export interface HtmlFormDeps {
  limiter: RateLimiter;
  trustProxy: number;
  pages: FormPages;
  logger: Logger;
}

export const isFormPost = (c: Context) => mediaTypeOf(c) === "application/x-www-form-urlencoded";

type Page = (status: 400 | 422 | 429 | 500, errors: FieldErrors, notice: string | null) => Promise<Response>;

function pageAnswer(c: Context, pages: FormPages, id: HtmlFormId, form: HtmlForm, posted: PostedForm): Page {
  return async (status, errors, notice) => {
    const html = await pages.render(id, {
      values: posted.values,
      checked: posted.checked,
      errors,
      notice,
      fallbackNotice: FORM_FAILURES[form.kind],
    });
    // What the visitor typed is in it: for their browser only, never a cache.
    return c.html(html, status, { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" });
  };
}

/** Makes, for a public route, the middleware that takes its form-encoded posts; anything else goes on. */
export type HtmlFormPosts = ReturnType<typeof htmlFormPosts>;

/** Before the JSON route's own guard: takes form-encoded posts and answers them; anything else goes on. */
export function htmlFormPosts(html: HtmlFormDeps) {
  return <T extends { recaptchaToken?: string | null | undefined }, S extends StoredRecord>(
      deps: SubmissionDeps,
      route: SubmissionRoute<T, S>,
    ): MiddlewareHandler =>
    async (c, next) => {
      if (!isFormPost(c)) return next();
      // Counted first, like every submission; a refusal is answered once the form is read (to show it again).
      const bucket = clientBucket(clientIp(c, html.trustProxy));
      const decision: RateLimitDecision = await html.limiter.hit(bucket);
      // A form is a "simple" request any site could make a visitor's browser send: only our own pages may.
      if (!isSameOrigin(c, html.trustProxy)) {
        html.logger.warn("cross-origin-form-refused", {
          path: c.req.path,
          origin: c.req.header("origin") ?? null,
          expected: requestOrigin(c, html.trustProxy),
        });
        return c.json(forbidden, 403);
      }
      // Browsers send a form's length; a streamed body is not one of our forms.
      const length = declaredLength(c);
      if (length === null) return c.json({ error: "length-required" }, 411);
      if (length > FORM_BODY_BYTES) return tooLarge(c);

      const fields = new URLSearchParams(await readBodyText(c));
      const form = htmlForm(fields.get(FORM_ID_FIELD));
      if (!form || form.action !== route.route)
        return c.json({ error: "validation", fields: { [FORM_ID_FIELD]: "Unknown form" } }, 400);
      const posted = readPostedForm(fields, form);
      if (posted.empty && form.whenEmpty) return c.redirect(form.whenEmpty, 303);
      const page = pageAnswer(c, html.pages, form.id, form, posted);
      if (!decision.allowed) {
        c.header("Retry-After", String(decision.retryAfterSeconds));
        return page(429, {}, FORM_FAILURES[form.kind]);
      }
      const sent = () => c.redirect(sentPath(form.kind), 303);
      if (isHoneypotFilled(posted.payload)) return sent();

      try {
        const outcome = await runSubmission(
          deps,
          route,
          c,
          posted.payload,
          formPostScope(deps.keys.idempotency, route.route, bucket, posted.payload),
        );
        if (outcome.kind === "stored") return sent();
        if (outcome.kind === "invalid") return page(400, outcome.fields, null);
        return page(422, {}, FORM_FAILURES[form.kind]);
      } catch (error) {
        html.logger.error("form-post-failed", { path: c.req.path, form: form.id, ...describeError(error) });
        return page(500, {}, FORM_FAILURES[form.kind]);
      }
    };
}
