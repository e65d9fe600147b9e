import { createHash, createHmac } from "node:crypto";

// The emailed links of the staff team: an invitation and a password reset. The token is an HMAC of the
// row's random id under a key derived from APP_SECRET, so the outbox can write the link when it sends the
// email without the token being stored anywhere; the row keeps only the token's SHA-256, which is how
// the link finds it. The token travels in the URL's fragment, which browsers never send to a server, so
// it stays out of access logs and Referer headers.

export type LinkPurpose = "invitation" | "password-reset";

export const linkToken = (key: Buffer, purpose: LinkPurpose, id: string): string =>
  createHmac("sha256", key).update(`${purpose}:${id}`, "utf8").digest("base64url");

export const hashLinkToken = (token: string): string => createHash("sha256").update(token, "utf8").digest("hex");

export const invitationUrl = (publicUrl: string, token: string) =>
  `${publicUrl}/admin/accept-invitation#token=${token}`;
export const passwordResetUrl = (publicUrl: string, token: string) =>
  `${publicUrl}/admin/reset-password#token=${token}`;
