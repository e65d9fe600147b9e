import { cn } from "../../components/ui/cn";
import { clientEnv } from "../../config/env";
import { CONSENT_WORDING, type ConsentPurpose } from "../../domain/consent";
import { FORM_ID_FIELD, type HtmlForm, type HtmlFormId } from "../../domain/html-forms";

// What lets the browser send a form itself, before or without JavaScript (decision 0027): a POST, never
// a GET that would put the visitor's words in the address, to the form's route on our server, which
// answers with pages. The Firebase build has no server: its forms post to their own page, which stores
// nothing, and say, in a <noscript> line, that sending them needs JavaScript.

/** What a Firebase build's form says to a browser without JavaScript. */
export const NEEDS_JAVASCRIPT = "Sending this form needs JavaScript, which is off in this browser.";

/**
 * The form element's method and action: the route of HTML_FORMS' entry for the form (passed in, so the
 * registry stays out of the page's JavaScript; tests/e2e/no-js-forms.test.ts holds every page to it).
 */
export function postTarget(action: HtmlForm["action"]): { method: "post"; action?: string } {
  return clientEnv.backend === "http"
    ? { method: "post", action: `${clientEnv.apiBase}${action}` }
    : { method: "post" };
}

/**
 * The parts every capture form carries for that: its name for the server, and the hidden slot where the
 * server's answer says what went wrong (server/static/refill-form.ts). Put first in the form.
 */
export function PostedFormParts({
  id,
  consent,
  noticeClassName,
}: {
  id: HtmlFormId;
  consent?: ConsentPurpose;
  noticeClassName?: string;
}) {
  return (
    <>
      <input type="hidden" name={FORM_ID_FIELD} defaultValue={id} />
      {/* The version of the consent wording the form shows (with JavaScript, the payload carries it). */}
      {consent && <input type="hidden" name="consentVersion" defaultValue={CONSENT_WORDING[consent].version} />}
      {/* Rendered by React, so the page hydrates as it was prerendered (a line written into the HTML after
          the build, as it once was, made every form page of that build fail hydration and render afresh,
          dropping what a visitor had typed meanwhile). Vite replaces import.meta.env.VITE_BACKEND as it
          builds, so the http build, whose home page has no bytes to spare, carries none of it. */}
      {import.meta.env.VITE_BACKEND === "firebase" && (
        <noscript>
          <p className="rounded-lg bg-amber-50 p-3 text-sm font-medium text-amber-900">{NEEDS_JAVASCRIPT}</p>
        </noscript>
      )}
      <p
        data-form-notice=""
        hidden
        tabIndex={-1}
        className={cn(
          "rounded-lg border border-red-700 bg-red-50 p-3 text-sm font-medium text-red-800",
          noticeClassName,
        )}
      />
    </>
  );
}
