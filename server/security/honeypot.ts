import { HONEYPOT_FIELD } from "../../src/domain/limits";

/** True when the hidden field a person never sees has been filled in, which marks a bot. */
export function isHoneypotFilled(body: unknown): boolean {
  if (typeof body !== "object" || body === null) return false;
  const value = (body as Record<string, unknown>)[HONEYPOT_FIELD];
  return typeof value === "string" && value !== "";
}
