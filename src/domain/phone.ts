import { getCountryCallingCode, parsePhoneNumberFromString } from "libphonenumber-js/min";

// Phone numbers as staff dial them. The forms keep what the visitor typed (field-validators.ts); the
// server also stores each number's E.164 form (column phone_e164, migration 0013) for search, and the
// record panel and the API show it beside what was typed, read with South Africa as the default country.

export const DEFAULT_PHONE_COUNTRY = "ZA" as const;

/** The default country's calling code ("27"): a national number (082 ...) is +27 82 ... */
const DEFAULT_CALLING_CODE = getCountryCallingCode(DEFAULT_PHONE_COUNTRY);

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

// --- Search by phone ---

/**
 * The fewest digits a search must hold to be read as a phone number: fewer find too much (a year, a
 * house number), and four are what staff read off the end of a caller's number.
 */
export const PHONE_SEARCH_MIN_DIGITS = 4;

/** Digits and what people type between them: spaces, + - ( ) and dots. */
const PHONE_LIKE = /^[0-9 +().-]+$/;

/**
 * What a search for a phone number looks for, as substrings of a stored number's E.164 form; null when
 * `q` is not a phone number (any other character, or fewer than PHONE_SEARCH_MIN_DIGITS digits), which
 * is then searched as text only. A number with no E.164 form (not a possible one) is found by text only.
 *
 * - "+27 82 555 0101", "+27 (0)82 555 0101": ["+27825550101"], the number from its start (a + only
 *   ever starts an E.164 number).
 * - "0027 82 555 0101": ["+27825550101", "0027825550101"]: 00 is how an international number is
 *   dialled here, but the digits may also be part of one ("0001"), so they count anywhere too.
 * - "082 555 0101": ["+27825550101", "0825550101"]: a leading 0 is the trunk prefix of a national
 *   number of the default country, or again digits anywhere ("0101", the end of a number).
 * - "825550101", "555-0101": the digits anywhere.
 */
export function phoneSearchNeedles(q: string): string[] | null {
  const text = q.trim();
  if (!PHONE_LIKE.test(text)) return null;
  if (text.startsWith("+")) {
    // "+27 (0)82": the trunk 0 some write after the country code is not dialled.
    const digits = text.replace(/\(0\)/g, "").replace(/\D/g, "");
    return digits.length >= PHONE_SEARCH_MIN_DIGITS ? [`+${digits}`] : null;
  }
  const digits = text.replace(/\D/g, "");
  if (digits.length < PHONE_SEARCH_MIN_DIGITS) return null;
  if (digits.startsWith("00")) return [`+${digits.slice(2)}`, digits];
  if (digits.startsWith("0")) return [`+${DEFAULT_CALLING_CODE}${digits.slice(1)}`, digits];
  return [digits];
}

/** Whether a stored number's E.164 form holds one of the needles (phoneSearchNeedles). */
export function phoneMatches(phone: string | null, needles: readonly string[]): boolean {
  const e164 = toE164(phone);
  return e164 !== null && needles.some((needle) => e164.includes(needle));
}
