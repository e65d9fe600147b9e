import { CLICK_ID_PARAMETERS, type AttributionField } from "./attribution-params";
import type { FieldDefinition, FieldList } from "./fields";
import { LIMITS } from "./limits";

// Where a visit came from, kept without tracking cookies: the first page of a browser tab's visit
// notes its campaign parameters, whether an ad click id was in its address, the other site that sent it,
// and its own path, in sessionStorage only (src/features/capture/first-touch.ts). Each submission sends
// that first touch; the server stores it once, on the record, and never changes it (a lead source that
// stays put, as Pipedrive keeps one). Lower-cased everywhere, so "Newsletter" and "newsletter" are one
// source. These fields join every collection's field list, after its own.

export { CLICK_ID_PARAMETERS, NO_ATTRIBUTION, UTM_PARAMETERS, type AttributionField } from "./attribution-params";

export const ATTRIBUTION_FIELDS = {
  utmSource: { kind: "tag", label: "UTM Source", writer: "visitor", nullable: true },
  utmMedium: { kind: "tag", label: "UTM Medium", writer: "visitor", nullable: true },
  utmCampaign: { kind: "tag", label: "UTM Campaign", writer: "visitor", nullable: true },
  utmTerm: { kind: "tag", label: "UTM Term", writer: "visitor", nullable: true },
  utmContent: { kind: "tag", label: "UTM Content", writer: "visitor", nullable: true },
  /** Which ad click id the landing address carried (its name, not its value), or null. */
  clickId: { kind: "tag", values: CLICK_ID_PARAMETERS, label: "Ad Click ID", writer: "visitor", nullable: true },
  /** The other site that linked to the landing page (its origin only), or null. */
  referrerOrigin: { kind: "origin", label: "Referrer", writer: "visitor", nullable: true },
  /** The first page of the visit (a path, no query), or null. */
  landingPath: { kind: "path", label: "Landing Page", writer: "visitor", nullable: true },
  // Exactly the names the public pages use (attribution-params.ts): no more, no fewer.
} as const satisfies FieldList & Record<AttributionField, FieldDefinition>;

export const ATTRIBUTION_FIELD_NAMES = /* @__PURE__ */ Object.keys(ATTRIBUTION_FIELDS) as AttributionField[];

/** A stored record that knows nothing of its visit (sent without JavaScript, or before attribution). */
export const UNATTRIBUTED: Record<AttributionField, null> = {
  utmSource: null,
  utmMedium: null,
  utmCampaign: null,
  utmTerm: null,
  utmContent: null,
  clickId: null,
  referrerOrigin: null,
  landingPath: null,
};

/** The lists' filters on the first touch: query parameter, and the field it matches exactly. */
export const SOURCE_FILTERS = { source: "utmSource", medium: "utmMedium", campaign: "utmCampaign" } as const;

export type SourceFilterParam = keyof typeof SOURCE_FILTERS;
export type SourceFilters = Partial<Record<(typeof SOURCE_FILTERS)[SourceFilterParam], string>>;

/**
 * The source, medium and campaign filters as stored values are spelled (trimmed, lower-case); an empty
 * one is no filter. Errors by parameter, for a 400 that names it.
 */
export function parseSourceFilters(params: Partial<Record<SourceFilterParam, string | undefined>>): {
  filters: SourceFilters;
  errors: Record<string, string>;
} {
  const filters: SourceFilters = {};
  const errors: Record<string, string> = {};
  for (const [param, field] of Object.entries(SOURCE_FILTERS) as [
    SourceFilterParam,
    (typeof SOURCE_FILTERS)[SourceFilterParam],
  ][]) {
    const value = params[param]?.trim().toLowerCase() ?? "";
    if (value.length > LIMITS.tag) errors[param] = `At most ${LIMITS.tag} characters`;
    else if (value) filters[field] = value;
  }
  return { filters, errors };
}
