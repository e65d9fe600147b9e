// What the public pages need of attribution (src/domain/attribution.ts) to note a visit's first touch:
// apart from the field list, so the page every visitor loads carries only these few names.

/** The address parameters attribution keeps, as the field each one fills. */
export const UTM_PARAMETERS = {
  utm_source: "utmSource",
  utm_medium: "utmMedium",
  utm_campaign: "utmCampaign",
  utm_term: "utmTerm",
  utm_content: "utmContent",
} as const;

/** Ad networks' click ids: only which one was present is kept, never its value (it identifies a click). */
export const CLICK_ID_PARAMETERS = ["gclid", "fbclid", "msclkid"] as const;

/** The attribution fields (their definitions are ATTRIBUTION_FIELDS in attribution.ts, checked against these). */
export type AttributionField =
  "utmSource" | "utmMedium" | "utmCampaign" | "utmTerm" | "utmContent" | "clickId" | "referrerOrigin" | "landingPath";

/** What a form sends when it knows nothing of the visit (no JavaScript, or storage refused). */
export const NO_ATTRIBUTION: Record<AttributionField, string> = {
  utmSource: "",
  utmMedium: "",
  utmCampaign: "",
  utmTerm: "",
  utmContent: "",
  clickId: "",
  referrerOrigin: "",
  landingPath: "",
};

/** Scheme, host and port only, lower-case: a referrer's origin as the forms send it and the server keeps it. */
export const ORIGIN_PATTERN = /^https?:\/\/[a-z0-9.-]+(:[0-9]{1,5})?$/;

/** What a campaign label may not hold. */
// eslint-disable-next-line no-control-regex -- control characters are what it finds
export const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;
