/** The SHA-256 of a text, as lower-case hex (crypto.subtle: a secure context, which the site always is). */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * The newsletter document id for an address: SHA-256 hex of the lower-cased email. One document per
 * address, so a second subscription cannot add a duplicate; firestore.rules recomputes it with
 * hashing.sha256 and refuses any other id. (docs/decisions/0004-firebase-newsletter-dedup.md)
 */
export const newsletterDocumentId = (email: string): Promise<string> => sha256Hex(email.toLowerCase());
