import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

// Two-factor secrets at rest: AES-256-GCM under a key derived from APP_SECRET (privacy/keys.ts), the
// account's id as associated data, so a copied database (a backup, a replica) holds no usable secret and
// a sealed secret moved to another account's row does not open.

const VERSION = "v1";
const SEALED = /^v1\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{22,400})$/;

/** `v1.<nonce>.<ciphertext and tag>`, base64url. */
export function sealSecret(key: Buffer, adminId: string, secret: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, nonce);
  cipher.setAAD(Buffer.from(adminId, "utf8"));
  const sealed = Buffer.concat([cipher.update(secret, "utf8"), cipher.final(), cipher.getAuthTag()]);
  return `${VERSION}.${nonce.toString("base64url")}.${sealed.toString("base64url")}`;
}

/** The secret, or null when `sealed` is malformed, for another account, or sealed with another key. */
export function openSecret(key: Buffer, adminId: string, sealed: string): string | null {
  const match = SEALED.exec(sealed);
  if (!match) return null;
  const nonce = Buffer.from(match[1]!, "base64url");
  const body = Buffer.from(match[2]!, "base64url");
  if (body.length <= 16) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, nonce);
    decipher.setAAD(Buffer.from(adminId, "utf8"));
    decipher.setAuthTag(body.subarray(body.length - 16));
    return Buffer.concat([decipher.update(body.subarray(0, body.length - 16)), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
