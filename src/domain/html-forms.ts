// The public forms as the browser sends them itself, without JavaScript (or, on the http build, before
// it would have loaded): each posts application/x-www-form-urlencoded to its API route, with a hidden
// field naming which form it is. The server answers a sent form with 303 to the form kind's result page,
// and anything else with the form's page again, filled in, with the errors beside the fields
// (decision 0027). Shared, so the pages and the server agree on every name below.

/** The hidden field that names the form (one of HTML_FORMS' keys); the server takes it out of the payload. */
export const FORM_ID_FIELD = "form";

export const FORM_KINDS = ["contact", "signup", "demo", "newsletter"] as const;
export type FormKind = (typeof FORM_KINDS)[number];

/** The failure toast's description of each kind of form (docs/product.md, "The four forms"): said on the page too. */
export const FORM_FAILURES: Record<FormKind, string> = {
  contact: "Failed to send message. Please try again.",
  signup: "Failed to create account. Please try again.",
  demo: "Failed to submit demo request. Please try again.",
  newsletter: "Failed to subscribe. Please try again.",
};

/** The prerendered page that says a form of this kind was sent (its success toast's words). */
export const sentPath = (kind: FormKind) => `/thanks/${kind}`;

export interface HtmlForm {
  kind: FormKind;
  /** The public route it posts to. */
  action: "/api/contacts" | "/api/leads" | "/api/newsletter";
  /** The page it is on: shown again when it needs correcting, and the submission's sourcePath. */
  page: string;
  /** What the page decides rather than the visitor: the lead's type. */
  fixed?: Readonly<Record<string, string>>;
  /** Checkboxes: sent only when ticked, so present means true and absent false. */
  checkboxes?: readonly string[];
  /** Where a submission with every field empty goes instead (the hero box: straight to /signup). */
  whenEmpty?: string;
}

export const HTML_FORMS = {
  contact: { kind: "contact", action: "/api/contacts", page: "/contact" },
  signup: {
    kind: "signup",
    action: "/api/leads",
    page: "/signup",
    fixed: { type: "signup" },
    checkboxes: ["marketingOptIn", "termsAccepted"],
  },
  demo: { kind: "demo", action: "/api/leads", page: "/request-demo", fixed: { type: "demo" } },
  hero: { kind: "newsletter", action: "/api/newsletter", page: "/", whenEmpty: "/signup" },
  "newsletter-card": { kind: "newsletter", action: "/api/newsletter", page: "/" },
  "newsletter-cta": { kind: "newsletter", action: "/api/newsletter", page: "/" },
} as const satisfies Record<string, HtmlForm>;

export type HtmlFormId = keyof typeof HTML_FORMS;

/** The form a posted `form` field names, or null for anything else. */
export function htmlForm(id: unknown): (HtmlForm & { id: HtmlFormId }) | null {
  if (typeof id !== "string" || !Object.hasOwn(HTML_FORMS, id)) return null;
  return { id: id as HtmlFormId, ...HTML_FORMS[id as HtmlFormId] };
}
