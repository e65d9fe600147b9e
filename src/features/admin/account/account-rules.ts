import { NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../../../domain/roles";

// What the account pages check before sending (the server checks the same again and names the field
// when it refuses): a new password and its confirmation, and an invitee's name.

export const PASSWORD_HINT = `At least ${PASSWORD_MIN_LENGTH} characters. A few unrelated words make a strong one.`;

/** Errors for a new password typed twice, by field name ("password", "confirm"); empty when both are fine. */
export function newPasswordErrors(password: string, confirm: string): Record<string, string> {
  const errors: Record<string, string> = {};
  if (password.length < PASSWORD_MIN_LENGTH)
    errors.password = `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`;
  else if (password.length > PASSWORD_MAX_LENGTH)
    errors.password = `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`;
  if (!confirm) errors.confirm = "Type the password again.";
  else if (confirm !== password) errors.confirm = "The two passwords are not the same.";
  return errors;
}

export function nameError(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return "Enter your name.";
  return trimmed.length > NAME_MAX_LENGTH ? `At most ${NAME_MAX_LENGTH} characters.` : null;
}

/**
 * The token of an emailed link, carried in the address's fragment (`#token=...`) so that it never
 * reaches a server log or a Referer header; null when there is none.
 */
export function tokenFromFragment(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, "")).get("token")?.trim();
  return token ? token : null;
}
