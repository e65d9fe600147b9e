import { AdminApiError } from "../admin-port";
import { errorCode } from "./write-errors";

// Firestore failures as the AdminApiError the http adapter throws, so the dashboard handles one kind.
const STATUS: Record<string, number> = {
  "permission-denied": 403,
  unauthenticated: 401,
  "not-found": 404,
  "invalid-argument": 400,
  "failed-precondition": 400,
  "resource-exhausted": 429,
  unavailable: 503,
  "deadline-exceeded": 504,
};

export function toAdminError(error: unknown): AdminApiError {
  if (error instanceof AdminApiError) return error;
  const code = errorCode(error) ?? "unknown";
  return new AdminApiError(STATUS[code] ?? 500, code, error instanceof Error ? error.message : String(error));
}

/** Runs a Firestore call, rethrowing its failure as an AdminApiError. */
export async function adminCall<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw toAdminError(error);
  }
}

export const validationError = (message: string) => new AdminApiError(400, "validation", message);
