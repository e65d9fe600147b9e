import { FORM_ID_FIELD, type HtmlForm } from "../../src/domain/html-forms";
import { HONEYPOT_FIELD } from "../../src/domain/limits";

// A form the browser posts itself (application/x-www-form-urlencoded), read into the payload the shared
// schema parses, and into what the page needs to show it again.

/**
 * The largest form-encoded body read, in bytes. Twice the JSON limit: form encoding writes each
 * character outside ASCII as up to nine bytes (%E2%80%94), so the longest message the form allows,
 * in any script, fits with room to spare.
 */
export const FORM_BODY_BYTES = 64 * 1024;

export interface PostedForm {
  /** For the schema: every posted field once (the first of repeats), the ticked boxes as booleans, the page's own values. */
  payload: Record<string, unknown>;
  /** For showing the form again: the text the visitor sent, by field. */
  values: Record<string, string>;
  checked: Set<string>;
  /** Nothing was typed or ticked (hidden fields aside). */
  empty: boolean;
}

/** Fields a page writes itself, which do not count as something the visitor typed. */
const PAGE_FIELDS = new Set([FORM_ID_FIELD, HONEYPOT_FIELD, "consentVersion"]);

export function readPostedForm(fields: URLSearchParams, form: HtmlForm): PostedForm {
  // No prototype: a field named "__proto__" must be a field (and refused by the schema), not Object's.
  const payload = Object.create(null) as Record<string, unknown>;
  const values = Object.create(null) as Record<string, string>;
  const checked = new Set<string>();
  const checkboxes = new Set<string>(form.checkboxes ?? []);
  let empty = true;
  for (const [name, sent] of fields) {
    if (name === FORM_ID_FIELD || Object.hasOwn(payload, name)) continue;
    // A browser sends every line break of a textarea as CRLF; the page counted it (maxlength) as one.
    const value = sent.replace(/\r\n?/g, "\n");
    if (!PAGE_FIELDS.has(name) && value.trim() !== "") empty = false;
    if (checkboxes.has(name)) {
      checked.add(name);
      continue;
    }
    payload[name] = value;
    if (name !== HONEYPOT_FIELD) values[name] = value;
  }
  for (const name of checkboxes) payload[name] = checked.has(name);
  Object.assign(payload, form.fixed, { sourcePath: form.page });
  return { payload, values, checked, empty };
}
