import { FORM_ID_FIELD } from "../../src/domain/html-forms";
import { HONEYPOT_FIELD } from "../../src/domain/limits";

// A prerendered page with one of its forms filled in again: what a visitor who posted it without
// JavaScript gets back when something needs correcting (decision 0027). The page's HTML is React's own
// output, so it is regular: every attribute double-quoted, `<`, `>`, `&` and quotes escaped inside values
// and text, no scripts inside a form. The form renders an empty, hidden slot for each field's error
// (`<p id="<control id>-error" hidden>`, components/ui/control-messages.tsx) and one for a notice above
// its fields (`<p data-form-notice hidden>`); this fills them, so the errors sit exactly where the
// page's own JavaScript shows them. Nothing here runs a script, and the inline scripts' hashes stay valid.

export interface Refill {
  /** What the visitor sent, by field name (text fields, selects). */
  values: Readonly<Record<string, string>>;
  /** The checkboxes that were ticked. */
  checked: ReadonlySet<string>;
  /** Field name -> message, from the shared schema. */
  errors: Readonly<Record<string, string>>;
  /** Said above the fields: a failure, in the failure toast's words. */
  notice: string | null;
  /** Said instead when an error names a field the form does not show (so it has nowhere else to go). */
  fallbackNotice: string;
}

const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)([^>]*)>/g;
const ATTRIBUTE = /([^\s="/]+)(?:="([^"]*)")?/g;

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** An attribute value as the page wrote it, read back (React writes &amp; &lt; &gt; &quot; &#x27;). */
function unescapeAttribute(value: string): string {
  return value.replace(
    /&(amp|lt|gt|quot|#x27|#39);/g,
    (_, name: string) => ({ amp: "&", lt: "<", gt: ">", quot: '"', "#x27": "'", "#39": "'" })[name] ?? "",
  );
}

type Attributes = Map<string, string>;

function parseAttributes(text: string): Attributes {
  const attributes: Attributes = new Map();
  for (const [, name, value] of text.matchAll(ATTRIBUTE))
    attributes.set(name!.toLowerCase(), unescapeAttribute(value ?? ""));
  return attributes;
}

function writeTag(name: string, attributes: Attributes, selfClosing: boolean): string {
  const parts = [...attributes].map(([key, value]) => `${key}="${escapeHtml(value)}"`);
  return `<${name}${parts.length > 0 ? ` ${parts.join(" ")}` : ""}${selfClosing ? "/" : ""}>`;
}

interface Region {
  start: number;
  end: number;
}

/** Where the form that carries `FORM_ID_FIELD = formId` starts and ends (its closing tag included). */
function findForm(html: string, formId: string): Region | null {
  const marker = `name="${FORM_ID_FIELD}" value="${escapeHtml(formId)}"`;
  for (let start = html.indexOf("<form"); start !== -1; start = html.indexOf("<form", start + 1)) {
    const close = html.indexOf("</form>", start);
    if (close === -1) return null;
    const end = close + "</form>".length;
    if (html.slice(start, end).includes(marker)) return { start, end };
  }
  return null;
}

const isControl = (name: string) => name === "input" || name === "textarea" || name === "select";

/** The controls a visitor fills in (not the hidden fields or the honeypot), by name -> id, and every element id. */
function surveyForm(form: string): { controls: Map<string, string>; ids: Set<string> } {
  const controls = new Map<string, string>();
  const ids = new Set<string>();
  for (const [, closing, tagName, rest] of form.matchAll(TAG)) {
    if (closing) continue;
    const attributes = parseAttributes(rest!);
    const id = attributes.get("id");
    if (id) ids.add(id);
    const name = attributes.get("name");
    if (
      !isControl(tagName!.toLowerCase()) ||
      !name ||
      !id ||
      attributes.get("type") === "hidden" ||
      name === HONEYPOT_FIELD
    )
      continue;
    if (!controls.has(name)) controls.set(name, id);
  }
  return { controls, ids };
}

function markInvalid(attributes: Attributes, errorId: string, first: boolean) {
  attributes.set("aria-invalid", "true");
  const describedBy = attributes.get("aria-describedby");
  attributes.set("aria-describedby", describedBy ? `${describedBy} ${errorId}` : errorId);
  if (first) attributes.set("autofocus", "");
}

/** Fills a hidden message slot: shown, announced, with `text`. */
function filledSlot(attributes: Attributes, text: string, focus: boolean): string {
  attributes.delete("hidden");
  attributes.set("role", "alert");
  if (focus) attributes.set("autofocus", "");
  return `${writeTag("p", attributes, false)}${escapeHtml(text)}</p>`;
}

/** The form's HTML refilled; see Refill. */
function refillRegion(form: string, refill: Refill): string {
  const { controls, ids } = surveyForm(form);
  // An error goes beside its field when the form shows that field and has its slot; any other error
  // (a field the page does not show) is told by the notice.
  const placed = new Map<string, string>();
  let unplaced = false;
  for (const [name, message] of Object.entries(refill.errors)) {
    const id = controls.get(name);
    if (id && ids.has(`${id}-error`)) placed.set(`${id}-error`, message);
    else unplaced = true;
  }
  const notice = refill.notice ?? (unplaced ? refill.fallbackNotice : null);
  let focusTaken = false;
  let out = "";
  let index = 0;
  let select: { value: string } | null = null;
  TAG.lastIndex = 0;
  for (let match = TAG.exec(form); match; match = TAG.exec(form)) {
    const [whole, closing, rawName, rest] = match;
    const tagName = rawName!.toLowerCase();
    out += form.slice(index, match.index);
    index = match.index + whole.length;
    if (closing) {
      if (tagName === "select") select = null;
      out += whole;
      continue;
    }
    const selfClosing = rest!.trimEnd().endsWith("/");
    const attributes = parseAttributes(selfClosing ? rest!.trimEnd().slice(0, -1) : rest!);
    const name = attributes.get("name") ?? "";
    const id = attributes.get("id") ?? "";

    if (tagName === "p" && attributes.has("data-form-notice") && notice) {
      focusTaken ||= placed.size === 0;
      out += filledSlot(attributes, notice, placed.size === 0);
      index = TAG.lastIndex = form.indexOf("</p>", index) + "</p>".length;
      continue;
    }
    if (tagName === "p" && placed.has(id)) {
      out += filledSlot(attributes, placed.get(id)!, false);
      index = TAG.lastIndex = form.indexOf("</p>", index) + "</p>".length;
      continue;
    }
    if (tagName === "option" && select) {
      const chosen = attributes.get("value") === select.value;
      if (chosen) attributes.set("selected", "");
      else attributes.delete("selected");
      out += writeTag(tagName, attributes, selfClosing);
      continue;
    }
    if (!isControl(tagName) || controls.get(name) !== id) {
      out += whole;
      continue;
    }

    const errorId = `${id}-error`;
    if (placed.has(errorId)) {
      markInvalid(attributes, errorId, !focusTaken);
      focusTaken = true;
    }
    const value = refill.values[name] ?? "";
    if (tagName === "input" && attributes.get("type") === "checkbox") {
      if (refill.checked.has(name)) attributes.set("checked", "");
      else attributes.delete("checked");
    } else if (tagName === "input") {
      attributes.set("value", value);
    } else if (tagName === "select") {
      // Only a value the list offers is chosen again; anything else leaves the list as the page had it.
      const offered = new RegExp(
        `<option[^>]* value="${escapeHtml(value).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}"`,
      ).test(form.slice(index, form.indexOf("</select>", index)));
      select = offered ? { value } : null;
    }
    out += writeTag(tagName, attributes, selfClosing);
    if (tagName === "textarea") {
      // The parser drops one newline right after <textarea>: the first keeps any the text starts with.
      out += `\n${escapeHtml(value)}`;
      index = TAG.lastIndex = form.indexOf("</textarea>", index);
    }
  }
  return out + form.slice(index);
}

/** `html` with the form named `formId` refilled, or null when the page has no such form. */
export function refillForm(html: string, formId: string, refill: Refill): string | null {
  const region = findForm(html, formId);
  if (!region) return null;
  return (
    html.slice(0, region.start) + refillRegion(html.slice(region.start, region.end), refill) + html.slice(region.end)
  );
}
