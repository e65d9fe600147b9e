/** The email and password of a sign-in, kept while the code is asked for. */
export interface Credentials {
  email: string;
  password: string;
}

/**
 * At the code step: the error to show beside the code field for a refusal that a new code can mend, or
 * null for one that sends the person back to the password (wrong password, disabled account, ...).
 */
export function codeStepError(code: string): string | null {
  switch (code) {
    case "invalid-code":
      return "That code is not right or was already used. Wait for the next code from your app, or type a recovery code.";
    case "two-factor-required":
      return "Enter the code from your authenticator app, or a recovery code.";
    case "too-many-requests":
      return "Too many wrong attempts: this account is locked for a while. Try again in 15 minutes.";
    default:
      return null;
  }
}

/** The login failure toast: the code and message, or the message alone, or a generic line. */
export function loginFailureText(code: string | undefined, message: string | undefined): string {
  if (code && message) return `${code}: ${message}`;
  return message || "Please check your credentials";
}
