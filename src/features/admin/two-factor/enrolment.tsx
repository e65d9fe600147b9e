import { useEffect, useRef, useState } from "react";
import type { TwoFactorAdmin } from "../../../backend/admin-port";
import type { TwoFactorSetup } from "../../../domain/staff";
import { adminErrorText, fieldErrors } from "../common/admin-error";
import { CodeForm } from "./code-form";
import { proofErrors } from "./proof-errors";
import { ProofForm, type ProofErrors } from "./proof-form";
import { QrCode } from "./qr-code";
import { groupSecret } from "./two-factor-format";

interface EnrolmentProps {
  twoFactor: TwoFactorAdmin;
  /** Two-factor is on already (this replaces it): the current code is asked for too. */
  replacing: boolean;
  /** Two-factor is on: the recovery codes, to be shown once. */
  onEnabled: (recoveryCodes: string[]) => void;
}

/**
 * Setting up two-factor: first the person is proven (the password, and while a factor is on a current
 * code: decision 0043), then a new secret as a QR code and as text, confirmed by one code from the app.
 * The server wants the password again with that code; it is kept in a ref (never in state or the page)
 * from the proof to the confirmation, and dropped then or when the page goes.
 */
export function Enrolment({ twoFactor, replacing, onEnabled }: EnrolmentProps) {
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const proven = useRef<string | null>(null);
  useEffect(
    () => () => {
      proven.current = null;
    },
    [],
  );

  async function prove(proof: { password: string; code?: string }): Promise<ProofErrors | null> {
    try {
      const started = await twoFactor.setup(proof);
      proven.current = proof.password;
      setSetup(started);
      return null;
    } catch (error) {
      console.error("Starting two-factor set-up failed:", error);
      return proofErrors(error);
    }
  }

  async function confirm(code: string): Promise<string | null> {
    try {
      const codes = await twoFactor.enable(code, proven.current ?? "");
      proven.current = null;
      onEnabled(codes);
      return null;
    } catch (error) {
      console.error("Turning on two-factor failed:", error);
      // The password is checked again here: refused (changed meanwhile), it is asked for again.
      if (fieldErrors(error).password) {
        proven.current = null;
        setSetup(null);
      }
      return adminErrorText(error, "The server could not be reached. Try again in a moment.");
    }
  }

  if (!setup) {
    return (
      <ProofForm
        label="Confirm it is you"
        intro={
          replacing
            ? "To set up a new authenticator app, confirm it is you: your password and the code your current app shows now (or a recovery code). Your current app and recovery codes stop working once the new app is confirmed."
            : "To set up two-factor sign-in, confirm it is you with your password."
        }
        submitLabel="Continue"
        busyLabel="Checking..."
        withCode={replacing}
        onProof={prove}
      />
    );
  }
  return (
    <div className="grid gap-5">
      <ol className="grid list-decimal gap-2 pl-5 text-sm text-slate-700">
        <li>
          Open an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, 1Password, ...).
        </li>
        <li>Scan the QR code, or add an account by hand with the key below.</li>
        <li>Type the 6-digit code the app shows.</li>
      </ol>
      <div className="justify-self-center">
        <QrCode value={setup.otpauthUri} />
      </div>
      <div className="grid gap-1 text-sm">
        <p className="font-medium text-slate-800">Key for typing by hand</p>
        <code className="rounded-md bg-slate-50 px-3 py-2 font-mono text-base tracking-wide break-all">
          {groupSecret(setup.secret)}
        </code>
      </div>
      <CodeForm
        label="Confirm two-factor"
        submitLabel="Turn on two-factor"
        busyLabel="Turning on..."
        hint="The 6-digit code your app shows now for this account."
        onCode={confirm}
      />
    </div>
  );
}
