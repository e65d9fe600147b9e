import type { SubmitResult } from "../port";

type Failure = Extract<SubmitResult, { ok: false; reason: "rate-limited" | "network" | "server" }>;

// Firestore error codes (https://firebase.google.com/docs/reference/js/firestore_.firestoreerrorcode).
const NETWORK = new Set(["unavailable", "deadline-exceeded", "cancelled"]);

export const errorCode = (error: unknown): string | undefined =>
  typeof error === "object" && error !== null && "code" in error && typeof error.code === "string"
    ? error.code
    : undefined;

/** Network-like failures are worth retrying with the same document id; anything else is final. */
export const isRetryable = (error: unknown) => {
  const code = errorCode(error);
  return code === undefined ? error instanceof TypeError : NETWORK.has(code);
};

export function failure(error: unknown): Failure {
  const code = errorCode(error);
  const message = error instanceof Error ? error.message : String(error);
  if (code === "resource-exhausted") return { ok: false, reason: "rate-limited", message };
  return { ok: false, reason: isRetryable(error) ? "network" : "server", message };
}
