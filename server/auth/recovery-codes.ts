import { createHmac, randomInt } from "node:crypto";
import { RECOVERY_CODE_COUNT } from "../../src/domain/staff";

// The single-use codes handed out at two-factor enrolment, for a lost phone. 16 characters of Crockford's
// base32 (80 bits) in groups of four; stored as HMAC-SHA256 under a key derived from APP_SECRET, so a
// copy of the table cannot be searched for them offline.

const ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";

function newCode(): string {
  const characters = Array.from({ length: 16 }, () => ALPHABET[randomInt(ALPHABET.length)]);
  return [0, 4, 8, 12].map((start) => characters.slice(start, start + 4).join("")).join("-");
}

export const newRecoveryCodes = (count = RECOVERY_CODE_COUNT): string[] => Array.from({ length: count }, newCode);

/** Case, spaces and dashes do not matter when a code is typed back. */
export const normalizeRecoveryCode = (code: string): string => code.toLowerCase().replace(/[^0-9a-z]/g, "");

export const recoveryCodeHash = (key: Buffer, code: string): string =>
  createHmac("sha256", key).update(normalizeRecoveryCode(code), "utf8").digest("hex");
