import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Site } from "../static/site";

// Prerendered pages with the public forms in the markup React writes for them (the shapes of
// src/components/ui and src/features/capture, trimmed of classes), for the suites that post forms the way a
// browser without JavaScript does. The real build is held to the same answers by tests/e2e/no-js-forms.test.ts.

const NOTICE = '<p data-form-notice="" hidden="" tabindex="-1" class="notice"></p>';
const errorSlot = (id: string) => `<p id="${id}-error" class="text-sm font-medium text-red-700" hidden=""></p>`;
const HONEYPOT =
  '<div aria-hidden="true"><label>Leave this field empty<input type="text" tabindex="-1" autoComplete="off" name="website" value=""/></label></div>';

const input = (id: string, name: string, label: string, extra = "") =>
  `<div class="field"><label for="${id}">${label}</label><input id="${id}" ${extra}name="${name}"/>${errorSlot(id)}</div>`;
const textarea = (id: string, name: string, label: string) =>
  `<div class="field"><label for="${id}">${label}</label><textarea id="${id}" required="" rows="6" name="${name}" maxLength="5000"></textarea><p class="sr-only" aria-live="polite"></p>${errorSlot(id)}</div>`;
const select = (id: string, name: string, label: string, values: string[]) =>
  `<div class="field"><label for="${id}">${label}</label><div class="relative"><select id="${id}" required="" name="${name}"><option value="" disabled="" selected="">Choose</option>${values
    .map((value) => `<option value="${value}">${value}</option>`)
    .join("")}</select><svg aria-hidden="true"></svg></div>${errorSlot(id)}</div>`;
const checkbox = (id: string, name: string, label: string) =>
  `<div class="box"><label for="${id}"><input id="${id}" type="checkbox" name="${name}"/><span>${label}</span></label>${errorSlot(id)}</div>`;
const form = (id: string, action: string, body: string, consent = "") =>
  `<form aria-label="${id}" action="${action}" method="post"><input type="hidden" name="form" value="${id}"/>${consent && `<input type="hidden" name="consentVersion" value="${consent}"/>`}${NOTICE}${body}${HONEYPOT}<button type="submit">Send</button></form>`;

const person = (p: string) =>
  input(`${p}1`, "firstName", "First Name", 'required="" ') +
  input(`${p}2`, "lastName", "Last Name", 'required="" ') +
  input(`${p}3`, "email", "Email", 'required="" type="email" ') +
  `<div class="field"><label for="${p}4">Phone</label><input id="${p}4" aria-describedby="${p}4-hint" type="tel" name="phone"/><p id="${p}4-hint">Optional</p>${errorSlot(`${p}4`)}</div>`;
const newsletter = (id: string, p: string) =>
  form(
    id,
    "/api/newsletter",
    `<label for="${p}">Email</label><div class="row"><input type="email" id="${p}" name="email" value=""/><button type="submit">Go</button></div>${errorSlot(p)}`,
    "newsletter-2025-06",
  );

export const FORM_PAGES: Record<string, string> = {
  "/contact": form("contact", "/api/contacts", person("c") + textarea("c5", "message", "Message")),
  "/signup": form(
    "signup",
    "/api/leads",
    person("s") +
      input("s5", "companyName", "Company Name", 'required="" ') +
      select("s6", "organizationType", "Organization Type", ["property-management", "landlord", "hoa"]) +
      select("s7", "propertyCount", "Number of Properties", ["1-5", "6-20"]) +
      checkbox("s8", "marketingOptIn", "Send me news") +
      checkbox("s9", "termsAccepted", "I agree"),
    "marketing-2025-06",
  ),
  "/request-demo": form(
    "demo",
    "/api/leads",
    person("d") +
      input("d5", "companyName", "Company Name") +
      select("d6", "organizationType", "Organization Type", ["investor", "hoa"]) +
      select("d7", "propertyCount", "Number of Properties", ["1-10", "51-200"]),
  ),
  "/": newsletter("hero", "h") + newsletter("newsletter-card", "n") + newsletter("newsletter-cta", "t"),
};

const page = (body: string) =>
  `<!DOCTYPE html><html lang="en-ZA"><head><title>Page</title><script>boot()</script></head><body><main>${body}</main></body></html>`;

/** A built site of those pages in a temporary folder; remove() deletes it. */
export function formPagesSite(): Site & { remove(): void } {
  const root = mkdtempSync(join(tmpdir(), "erf-form-pages-"));
  for (const [path, body] of Object.entries(FORM_PAGES)) {
    const folder = join(root, ...path.split("/").filter(Boolean));
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, "index.html"), page(body));
  }
  return {
    root,
    scriptHashes: [],
    apiReferenceScript: null,
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}

/** The urlencoded body of `fields`, and the headers a browser sends with it from a page of this origin. */
export function formPost(
  fields: Record<string, string> | [string, string][],
  headers: Record<string, string> = {},
): RequestInit {
  const body = new URLSearchParams(fields).toString();
  return {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      "Content-Length": String(Buffer.byteLength(body)),
      Origin: "http://localhost",
      "Sec-Fetch-Site": "same-origin",
      ...headers,
    },
    body,
  };
}
