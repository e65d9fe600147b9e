import { parsePhoneNumberFromString } from "libphonenumber-js/min";

// Phone numbers as staff dial them. The forms keep what the visitor typed (field-validators.ts); the
// record panel and the API show it beside its E.164 form, read with South Africa as the default country.

export const DEFAULT_PHONE_COUNTRY = "ZA" as const;

/** The number in E.164 (+27825550101), or null when there is none or it is not a possible number. */
export function toE164(phone: string | null | undefined): string | null {
  if (!phone) return null;
  const parsed = parsePhoneNumberFromString(phone, DEFAULT_PHONE_COUNTRY);
  return parsed?.isPossible() ? parsed.number : null;
}

/** The number in international form for reading (+27 82 555 0101), or null as toE164. */
export function formatInternational(phone: string | null | undefined): string | null {
  if (!phone) return null;
  const parsed = parsePhoneNumberFromString(phone, DEFAULT_PHONE_COUNTRY);
  return parsed?.isPossible() ? parsed.formatInternational() : null;
}
