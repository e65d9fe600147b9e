import { sendPasswordResetEmail, type Auth } from "firebase/auth";
import { passwordResetInput } from "../../domain/staff";
import { AdminApiError, type AccountRecovery } from "../admin-port";
import { errorCode } from "./write-errors";

// A forgotten password on Firebase: Firebase Auth's own reset email, with its own link and page (the
// template and the sender are set in the console, Authentication > Templates). Invitations do not exist
// here: the project owner creates accounts in the console or with the Admin SDK and grants a role with
// `npm run firebase:grant-admin -- --role`, and the new member sets a password through this same email.

const FAILURES: Record<string, { status: number; message: string }> = {
  "auth/too-many-requests": { status: 429, message: "Too many requests. Try again in a few minutes." },
  "auth/network-request-failed": {
    status: 503,
    message: "Could not reach Firebase. Check the connection and try again.",
  },
};

export function accountRecovery(auth: Auth): AccountRecovery {
  return {
    /**
     * Resolves the same way whether or not the account exists. Projects with email enumeration protection
     * (the default since September 2023) never say; older ones answer auth/user-not-found, swallowed here.
     */
    async requestPasswordReset(email: string): Promise<void> {
      const parsed = passwordResetInput.safeParse({ email });
      if (!parsed.success) {
        const message = parsed.error.issues[0]?.message ?? "Enter a valid email address";
        throw new AdminApiError(400, "validation", message, { email: message });
      }
      try {
        await sendPasswordResetEmail(auth, parsed.data.email);
      } catch (error) {
        const code = errorCode(error) ?? "auth/unknown";
        if (code === "auth/user-not-found") return;
        const known = FAILURES[code];
        throw new AdminApiError(
          known?.status ?? 500,
          code,
          known?.message ?? (error instanceof Error ? error.message : String(error)),
        );
      }
    },
  };
}
