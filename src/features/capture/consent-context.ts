import { CONSENT_WORDING, type ConsentPurpose } from "../../domain/consent";
import { LIMITS } from "../../domain/limits";

/** The page the form is on (a path), or "" where there is none or it is longer than the schema takes. */
export function pagePath(): string {
  const path = typeof window === "undefined" ? "" : window.location.pathname;
  return path.length <= LIMITS.path ? path : "";
}

/**
 * What a form sends with an opt-in so the server can record the consent: the version of the wording it
 * showed (the server stores its own text for it) and the page it was on.
 */
export function consentFields(purpose: ConsentPurpose): { consentVersion: string; sourcePath?: string } {
  const path = pagePath();
  return { consentVersion: CONSENT_WORDING[purpose].version, ...(path && { sourcePath: path }) };
}
