// The Content-Security-Policy for Firebase Hosting: the server's policy (server/security/csp.ts), plus
// the Google endpoints the Firebase SDK calls from the browser. Hosting cannot hash pages per request,
// so scripts/firebase-headers.ts computes the inline-script hashes from the build and writes this in.
import { buildContentSecurityPolicy } from "../server/security/csp.ts";

/** Firestore (reads, writes, listeners), Auth sign-in and its token refresh. */
export const FIREBASE_CONNECT_SOURCES = [
  "https://firestore.googleapis.com",
  "https://identitytoolkit.googleapis.com",
  "https://securetoken.googleapis.com",
] as const;

export interface FirebaseCspOptions {
  scriptHashes: readonly string[];
  recaptcha: boolean;
  /** Cloudflare Turnstile as the bot check (VITE_BOT_CHECK_PROVIDER=turnstile with a site key). */
  turnstile?: boolean;
  /** "host:port" of emulators a local build talks to. */
  emulatorHosts?: readonly string[];
}

/** Appends sources to one directive of a serialized policy. */
export function addSources(policy: string, directive: string, sources: readonly string[]): string {
  const parts = policy.split("; ");
  const index = parts.findIndex((part) => part === directive || part.startsWith(`${directive} `));
  if (index === -1) return [...parts, `${directive} ${sources.join(" ")}`].join("; ");
  parts[index] = [parts[index], ...sources].join(" ");
  return parts.join("; ");
}

export function firebaseContentSecurityPolicy({
  scriptHashes,
  recaptcha,
  turnstile = false,
  emulatorHosts = [],
}: FirebaseCspOptions): string {
  const base = buildContentSecurityPolicy({ scriptHashes, recaptcha, turnstile });
  return addSources(base, "connect-src", [
    ...FIREBASE_CONNECT_SOURCES,
    ...emulatorHosts.map((host) => `http://${host}`),
  ]);
}
