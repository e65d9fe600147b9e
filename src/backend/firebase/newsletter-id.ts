/**
 * The newsletter document id for an address: SHA-256 hex of the lower-cased email. One document per
 * address, so a second subscription cannot add a duplicate; firestore.rules recomputes it with
 * hashing.sha256 and refuses any other id. (docs/decisions/0004-firebase-newsletter-dedup.md)
 */
export async function newsletterDocumentId(email: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(email.toLowerCase()));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}
