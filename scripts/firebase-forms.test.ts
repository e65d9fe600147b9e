import { describe, expect, it } from "vitest";
import { explainFormsNeedJavaScript, NEEDS_JAVASCRIPT } from "./firebase-forms";

describe("the Firebase build's forms without JavaScript", () => {
  it("say before each form's notice slot that sending needs JavaScript, and leave other pages alone", () => {
    const page = '<form method="post" aria-label="A"><input type="hidden" name="form" value="hero"/><p data-form-notice="" hidden="" tabindex="-1" class="x"></p></form><form method="post"><p data-form-notice="" hidden=""></p></form>';
    const { html, forms } = explainFormsNeedJavaScript(page);
    expect(forms).toBe(2);
    expect(html.split(NEEDS_JAVASCRIPT)).toHaveLength(3);
    expect(html).toContain(`<noscript><p class="rounded-lg bg-amber-50 p-3 text-sm font-medium text-amber-900">${NEEDS_JAVASCRIPT}</p></noscript><p data-form-notice=""`);
    expect(explainFormsNeedJavaScript("<main><p>No form</p></main>")).toEqual({ html: "<main><p>No form</p></main>", forms: 0 });
  });
});
