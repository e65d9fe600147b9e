import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { HTML_FORMS, type HtmlFormId } from "../../src/domain/html-forms";
import { escapeHtml, refillForm, type Refill } from "./refill-form";
import type { Site } from "./site";

// The page a form lives on, filled in again for a visitor who posted it without JavaScript (see
// refill-form.ts and decision 0027). The prerendered pages are read once each: a rebuild needs a
// restart anyway (site.ts).

export interface FormPages {
  /** The HTML to answer with: the form's page refilled, or a plain page listing the errors without a built site. */
  render(formId: HtmlFormId, refill: Refill): Promise<string>;
}

const pageFile = (root: string, path: string) => join(root, ...path.split("/").filter(Boolean), "index.html");

/**
 * Without a built site (an API-only server, in-process tests) or a page that lost its form, the answer is
 * a small page of its own: each error with its field's name, and a link back to the form.
 */
function plainPage(formId: HtmlFormId, { errors, notice, fallbackNotice }: Refill): string {
  const items = Object.entries(errors).map(([name, message]) => `<li>${escapeHtml(name)}: ${escapeHtml(message)}</li>`);
  const said = notice ?? (items.length > 0 ? "Please correct the form and send it again." : fallbackNotice);
  const page = HTML_FORMS[formId].page;
  return `<!DOCTYPE html><html lang="en-ZA"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Please check the form</title></head><body><main><h1>Please check the form</h1><p role="alert">${escapeHtml(said)}</p>${items.length > 0 ? `<ul>${items.join("")}</ul>` : ""}<p><a href="${escapeHtml(page)}">Back to the form</a></p></main></body></html>`;
}

export function createFormPages(site: Site | null): FormPages {
  const pages = new Map<string, Promise<string | null>>();
  const page = (path: string) => {
    let html = pages.get(path);
    if (!html) {
      html = site ? readFile(pageFile(site.root, path), "utf8").catch(() => null) : Promise.resolve(null);
      pages.set(path, html);
    }
    return html;
  };
  return {
    async render(formId, refill) {
      const html = await page(HTML_FORMS[formId].page);
      return (html && refillForm(html, formId, refill)) ?? plainPage(formId, refill);
    },
  };
}
