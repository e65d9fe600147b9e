// The Firebase target has no server to take a form the browser posts itself: its forms post (never GET) to
// their own page, and without JavaScript nothing is stored. Each prerendered page of that build gets, at
// the top of every capture form (before the notice slot src/features/capture/posted-form.tsx renders), a
// <noscript> line saying so. Written into the HTML here rather than by the form, whose JavaScript is in
// the http build too, where the home page has no bytes to spare.

const NOTICE_SLOT = /<p data-form-notice=""/g;

export const NEEDS_JAVASCRIPT = "Sending this form needs JavaScript, which is off in this browser.";

const NOTICE = `<noscript><p class="rounded-lg bg-amber-50 p-3 text-sm font-medium text-amber-900">${NEEDS_JAVASCRIPT}</p></noscript>`;

/** The page with the line before each form's notice slot; how many forms it found. */
export function explainFormsNeedJavaScript(html: string): { html: string; forms: number } {
  let forms = 0;
  const out = html.replace(NOTICE_SLOT, (slot) => {
    forms += 1;
    return NOTICE + slot;
  });
  return { html: out, forms };
}
