import { AdminApiError } from "../../../backend/admin-port";

/** What the server's refusal codes mean to the person who clicked. */
const CODE_TEXT: Record<string, string> = {
  forbidden: "Your role does not allow this. Ask an admin if you need it.",
  "two-factor-enrolment-required": "Turn on two-factor sign-in first: admins must have it.",
  "last-admin": "This is the last active admin. Make another account an admin first.",
  "two-factor-required-for-admins": "Admins must keep two-factor sign-in on.",
  "invalid-code": "That code is not right, or was already used. Try the newest code from your app.",
  "too-many-requests": "Too many attempts. Wait a few minutes and try again.",
  "http-429": "Too many attempts. Wait a few minutes and try again.",
};

/**
 * A refusal as a sentence to show: the known codes in our words, else the server's own message for a
 * 4xx, else `fallback` (a 5xx, or the server could not be reached).
 */
export function adminErrorText(error: unknown, fallback: string): string {
  if (!(error instanceof AdminApiError)) return fallback;
  const known = CODE_TEXT[error.code];
  if (known) return known;
  return error.status >= 400 && error.status < 500 && error.message ? error.message : fallback;
}

/** The field errors of a 400 "validation" answer, or none. */
export function fieldErrors(error: unknown): Record<string, string> {
  return error instanceof AdminApiError && error.fields ? error.fields : {};
}
