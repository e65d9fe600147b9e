import { Loader2 } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import type { TwoFactorAdmin } from "../../../backend/admin-port";
import { Button } from "../../../components/ui/button";
import type { TwoFactorSetup } from "../../../domain/staff";
import { adminErrorText } from "../common/admin-error";
import { CodeForm } from "./code-form";
import { QrCode } from "./qr-code";
import { groupSecret } from "./two-factor-format";

interface EnrolmentProps {
  twoFactor: TwoFactorAdmin;
  /** Two-factor is on: the recovery codes, to be shown once. */
  onEnabled: (recoveryCodes: string[]) => void;
}

/**
 * Setting up two-factor: a new secret as a QR code and as text, confirmed by one code from the app.
 * The secret is asked for once per visit: asking again replaces it, and a code for the old one fails.
 */
export function Enrolment({ twoFactor, onEnabled }: EnrolmentProps) {
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const asked = useRef(false);

  const start = useCallback(async () => {
    setFailure(null);
    try {
      setSetup(await twoFactor.setup());
    } catch (error) {
      console.error("Starting two-factor set-up failed:", error);
      setFailure(adminErrorText(error, "The server could not be reached. Try again in a moment."));
    }
  }, [twoFactor]);

  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    void start();
  }, [start]);

  async function confirm(code: string): Promise<string | null> {
    try {
      onEnabled(await twoFactor.enable(code));
      return null;
    } catch (error) {
      console.error("Turning on two-factor failed:", error);
      return adminErrorText(error, "The server could not be reached. Try again in a moment.");
    }
  }

  if (failure) {
    return (
      <div role="alert" className="grid gap-3 text-sm">
        <p className="font-medium text-red-800">{failure}</p>
        <Button variant="outline" onClick={() => void start()}>
          Try again
        </Button>
      </div>
    );
  }
  if (!setup) {
    return (
      <p role="status" className="inline-flex items-center gap-2 text-slate-700">
        <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" /> Preparing your secret...
      </p>
    );
  }
  return (
    <div className="grid gap-5">
      <ol className="grid list-decimal gap-2 pl-5 text-sm text-slate-700">
        <li>Open an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, 1Password, ...).</li>
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
