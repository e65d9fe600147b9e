// The consent wording shown at collection, in ONE place for the forms and the server. POPIA section 69
// needs proof of what a person agreed to: the form sends only the version it showed, and the server
// stores its own text for that version, never text from the request.
//
// Never edit a published wording: add a new version here and move the old one to RETIRED_WORDINGS, so
// consents given on a page still cached with the old text are stored with the text that person saw.

export const CONSENT_PURPOSES = ["newsletter", "marketing"] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];

/** Only email is offered today; the column exists so SMS or phone consent cannot be confused with it. */
export const CONSENT_CHANNELS = ["email"] as const;
export type ConsentChannel = (typeof CONSENT_CHANNELS)[number];

/** given: the person opted in; withdrawn: they opted out (unsubscribe link, one-click, staff on request). */
export const CONSENT_ACTIONS = ["given", "withdrawn"] as const;
export type ConsentAction = (typeof CONSENT_ACTIONS)[number];

export interface ConsentWording {
  version: string;
  text: string;
}

export const CONSENT_WORDING = {
  /** Shown beside every newsletter box: pressing its button is the opt-in. */
  newsletter: {
    version: "newsletter-2025-06",
    text: "By subscribing you agree to receive our newsletter with product news and property-management insights by email, about once a month. Every email has an unsubscribe link.",
  },
  /** The signup form's checkbox, never pre-ticked. */
  marketing: {
    version: "marketing-2025-06",
    text: "Send me product news and property-management insights by email. I can unsubscribe at any time.",
  },
} as const satisfies Record<ConsentPurpose, ConsentWording>;

/** Wordings no longer shown, kept so a consent on an old cached page is stored with what it showed. */
const RETIRED_WORDINGS: Record<ConsentPurpose, readonly ConsentWording[]> = { newsletter: [], marketing: [] };

/** Longest user agent kept with a consent (the server and the Firestore rules both cut or refuse at this). */
export const CONSENT_USER_AGENT_LENGTH = 500;

/** Every wording accepted for a purpose, current first: what firestore.rules must copy exactly. */
export function consentWordings(purpose: ConsentPurpose): readonly ConsentWording[] {
  return [CONSENT_WORDING[purpose], ...RETIRED_WORDINGS[purpose]];
}

/** Every version the server accepts for a purpose, current first. */
export function consentVersions(purpose: ConsentPurpose): [string, ...string[]] {
  return [CONSENT_WORDING[purpose].version, ...RETIRED_WORDINGS[purpose].map((wording) => wording.version)];
}

/** The server-side text of a version (the current one when no version is given), or null if unknown. */
export function consentWording(purpose: ConsentPurpose, version?: string | null): ConsentWording | null {
  if (!version) return CONSENT_WORDING[purpose];
  const all = [CONSENT_WORDING[purpose], ...RETIRED_WORDINGS[purpose]];
  return all.find((wording) => wording.version === version) ?? null;
}
