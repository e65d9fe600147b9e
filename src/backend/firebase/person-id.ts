import { sha256Hex } from "./newsletter-id";

/**
 * A person's id on Firebase: the SHA-256 hex of their normalised email (trimmed, lower-cased), the same
 * hash their newsletter document is named by (decision 0004). It names nobody readable in a URL, needs no
 * counter or lookup to make, and the rules recompute it for the `people/{id}` document that maps it back
 * to the address. Unlike the server's random person ids it is stable: the same address always gives the
 * same id, so it is only as secret as the address is unguessable.
 */
export const personIdOf = (email: string): Promise<string> => sha256Hex(email.trim().toLowerCase());

export const PERSON_ID = /^[0-9a-f]{64}$/;
