import {
  CLICK_ID_PARAMETERS,
  CONTROL_CHARACTER,
  NO_ATTRIBUTION,
  ORIGIN_PATTERN,
  UTM_PARAMETERS,
  type AttributionField,
} from "../../domain/attribution-params";
import { LIMITS } from "../../domain/limits";

// The first touch of a visit (src/domain/attribution.ts), kept in this tab's sessionStorage only: no
// cookie, no localStorage, nothing sent until a form is. The first page a tab shows writes it; every
// later page of the visit reads the same one, and a new tab or a new visit starts again.

const KEY = "erf-first-touch";

export type FirstTouch = Record<AttributionField, string>;

const CONTROL = new RegExp(CONTROL_CHARACTER.source, "g");

/** As the server keeps it: lower-case, no control characters, within the limit. */
const tag = (value: string | null) => (value ?? "").replace(CONTROL, "").toLowerCase().slice(0, LIMITS.tag).trim();

/** The referrer's origin when it is another site's, else "". */
function otherOrigin(referrer: string): string {
  try {
    const { origin } = new URL(referrer);
    return origin !== window.location.origin && ORIGIN_PATTERN.test(origin) && origin.length <= LIMITS.origin
      ? origin
      : "";
  } catch {
    return "";
  }
}

/** Notes this page as the visit's first touch, unless one is noted already (or this is the staff side). */
export function rememberFirstTouch(): void {
  const { pathname, search } = window.location;
  if (pathname.startsWith("/admin")) return;
  try {
    if (window.sessionStorage.getItem(KEY) !== null) return;
    const params = new URLSearchParams(search);
    const touch: FirstTouch = { ...NO_ATTRIBUTION };
    for (const [parameter, field] of Object.entries(UTM_PARAMETERS)) touch[field] = tag(params.get(parameter));
    touch.clickId = CLICK_ID_PARAMETERS.find((parameter) => params.has(parameter)) ?? "";
    touch.referrerOrigin = otherOrigin(document.referrer);
    touch.landingPath = pathname.length <= LIMITS.path ? pathname : "";
    window.sessionStorage.setItem(KEY, JSON.stringify(touch));
  } catch {
    // Storage refused (a private window, a full quota): the visit goes unattributed, the form still sends.
  }
}

/** The visit's first touch, for a form to send: empty values where nothing was noted. */
export function firstTouch(): FirstTouch {
  rememberFirstTouch();
  const touch: FirstTouch = { ...NO_ATTRIBUTION };
  try {
    const stored: unknown = JSON.parse(window.sessionStorage.getItem(KEY) ?? "null");
    if (stored && typeof stored === "object") {
      for (const field of Object.keys(touch) as AttributionField[]) {
        const value = (stored as Record<string, unknown>)[field];
        if (typeof value === "string") touch[field] = value;
      }
    }
  } catch {
    // Unreadable: sent as unattributed.
  }
  return touch;
}
