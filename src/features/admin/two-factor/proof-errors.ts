import { adminErrorText, fieldErrors } from "../common/admin-error";
import type { ProofErrors } from "./proof-form";

/** A refused two-factor change as the proof form shows it: beside `password` or `code`, or for the form. */
export function proofErrors(error: unknown): ProofErrors {
  const fields = fieldErrors(error);
  if (fields.password || fields.code)
    return { ...(fields.password && { password: fields.password }), ...(fields.code && { code: fields.code }) };
  return { form: adminErrorText(error, "The server could not be reached. Try again in a moment.") };
}
