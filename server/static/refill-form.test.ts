import { describe, expect, it } from "vitest";
import { FORM_PAGES } from "../test-support/form-pages";
import { refillForm, type Refill } from "./refill-form";

const none: Refill = {
  values: {},
  checked: new Set(),
  errors: {},
  notice: null,
  fallbackNotice: "Failed to send message. Please try again.",
};

/** The tag of the element with this id (or the first matching `selector` text), as written. */
const tagWithId = (html: string, id: string) => new RegExp(`<[a-z]+ [^>]*id="${id}"[^>]*>`).exec(html)?.[0] ?? "";

describe("refilling a prerendered form", () => {
  it("puts back what was typed, escaped, in inputs and the textarea, and leaves the hidden fields and honeypot alone", () => {
    const html = refillForm(FORM_PAGES["/contact"]!, "contact", {
      ...none,
      values: {
        firstName: 'Naledi "N" <b>',
        lastName: "Dlamini & Co",
        email: "naledi@example.co.za",
        message: "\nLine one\n</textarea><script>alert(1)</script>",
      },
    })!;
    expect(tagWithId(html, "c1")).toContain('value="Naledi &#34;N&#34; &#60;b&#62;"');
    expect(tagWithId(html, "c2")).toContain('value="Dlamini &#38; Co"');
    expect(tagWithId(html, "c4")).toContain('value=""');
    // One newline after <textarea> is the parser's; the text's own leading newline survives it.
    expect(html).toContain(
      'maxlength="5000">\n\nLine one\n&#60;/textarea&#62;&#60;script&#62;alert(1)&#60;/script&#62;</textarea>',
    );
    expect(html).not.toContain("<script>alert");
    expect(html).toContain('<input type="hidden" name="form" value="contact"/>');
    expect(html).toContain('name="website" value=""/>');
    // Nothing to correct: no field marked, no message shown, nothing focused.
    expect(html).not.toMatch(/aria-invalid|autofocus|role="alert"/);
  });

  it("shows each error in its field's slot, marks the field, ties it by aria-describedby and focuses the first", () => {
    const html = refillForm(FORM_PAGES["/contact"]!, "contact", {
      ...none,
      values: { firstName: "", email: "nope", phone: "12" },
      errors: { phone: "Enter a valid phone number", firstName: "Required", email: "Enter a valid email address" },
    })!;
    expect(tagWithId(html, "c1")).toMatch(/aria-invalid="true" aria-describedby="c1-error" autofocus=""/);
    expect(tagWithId(html, "c3")).toMatch(/aria-invalid="true" aria-describedby="c3-error"/);
    expect(tagWithId(html, "c3")).not.toContain("autofocus");
    // The hint stays described; the error joins it.
    expect(tagWithId(html, "c4")).toContain('aria-describedby="c4-hint c4-error"');
    expect(html).toContain('<p id="c1-error" class="text-sm font-medium text-red-700" role="alert">Required</p></div>');
    expect(html).toContain(
      '<p id="c4-error" class="text-sm font-medium text-red-700" role="alert">Enter a valid phone number</p>',
    );
    expect(html.match(/autofocus/g)).toHaveLength(1);
    // Every error found its field: no notice.
    expect(html).toContain('<p data-form-notice="" hidden="" tabindex="-1" class="notice"></p>');
  });

  it("keeps the page's markup whole: as many elements closed as opened, whatever it fills in", () => {
    const count = (html: string, pattern: RegExp) => html.match(pattern)?.length ?? 0;
    for (const [path, id] of [
      ["/contact", "contact"],
      ["/signup", "signup"],
      ["/", "hero"],
    ] as const) {
      const html = refillForm(FORM_PAGES[path]!, id, {
        ...none,
        values: { firstName: "<p>", email: "</div>", message: "</textarea>", organizationType: "hoa" },
        errors: {
          firstName: "Required",
          email: "Enter a valid email address",
          termsAccepted: "You must accept the terms",
          message: "Required",
        },
        notice: "Failed",
      })!;
      for (const tag of ["p", "div", "form", "select", "textarea", "label"]) {
        expect(count(html, new RegExp(`<${tag}[ >]`, "g")), `${path} <${tag}>`).toBe(
          count(html, new RegExp(`</${tag}>`, "g")),
        );
      }
    }
  });

  it("chooses the sent option and ticks the sent boxes, and keeps the placeholder for a value the list does not offer", () => {
    const signup = FORM_PAGES["/signup"]!;
    const chosen = refillForm(signup, "signup", {
      ...none,
      values: { organizationType: "landlord", propertyCount: "6-20" },
      checked: new Set(["termsAccepted"]),
    })!;
    expect(chosen).toContain('<option value="landlord" selected="">');
    expect(chosen).toContain('<option value="" disabled="">Choose</option><option value="property-management">');
    expect(tagWithId(chosen, "s9")).toContain('checked=""');
    expect(tagWithId(chosen, "s8")).not.toContain("checked");
    const unknown = refillForm(signup, "signup", { ...none, values: { organizationType: '"><script>x</script>' } })!;
    expect(unknown).toContain(
      '<option value="" disabled="" selected="">Choose</option><option value="property-management">',
    );
    expect(unknown).not.toContain("<script>x");
  });

  it("says a failure above the fields and focuses it, and tells an error on a field the form does not show the same way", () => {
    const failed = refillForm(FORM_PAGES["/contact"]!, "contact", {
      ...none,
      values: { firstName: "Naledi" },
      notice: "Failed to send message. Please try again.",
    })!;
    expect(failed).toContain(
      '<p data-form-notice="" tabindex="-1" class="notice" role="alert" autofocus="">Failed to send message. Please try again.</p><div class="field">',
    );
    expect(tagWithId(failed, "c1")).toContain('value="Naledi"');
    const unknownField = refillForm(FORM_PAGES["/contact"]!, "contact", {
      ...none,
      errors: { colour: "Unknown field", email: "Required" },
    })!;
    expect(unknownField).toContain('role="alert">Failed to send message. Please try again.</p>');
    // A field error is still shown, and focus goes to it rather than the notice.
    expect(tagWithId(unknownField, "c3")).toContain("autofocus");
    expect(unknownField.match(/autofocus/g)).toHaveLength(1);
  });

  it("refills only the form that was sent when a page has several, and answers null for a form the page does not have", () => {
    const home = FORM_PAGES["/"]!;
    const html = refillForm(home, "newsletter-card", {
      ...none,
      values: { email: "card@" },
      errors: { email: "Enter a valid email address" },
    })!;
    expect(tagWithId(html, "n")).toContain('value="card@"');
    expect(tagWithId(html, "n")).toContain("aria-invalid");
    expect(tagWithId(html, "h")).toContain('value=""');
    expect(tagWithId(html, "t")).not.toContain("aria-invalid");
    expect(html.slice(0, html.indexOf('value="newsletter-card"'))).toBe(
      home.slice(0, home.indexOf('value="newsletter-card"')),
    );
    expect(refillForm(home, "contact", none)).toBeNull();
  });
});
