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
      // Not "wait for the next code": the server does not say the code was merely used already, and a
      // wrong code (a typo, another account's entry in the app) is not mended by waiting.
      return "That code was not accepted. Check that it is this account's code in your authenticator app and type it again, or use a recovery code.";
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
