import { ShieldCheck, ShieldOff } from "lucide-react";
import { useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import type { TwoFactorAdmin } from "../../../backend/admin-port";
import { Button } from "../../../components/ui/button";
import { useToast } from "../../../components/ui/toast";
import type { CurrentStaff } from "../../../domain/staff";
import { useAdminBackend } from "../common/use-admin-backend";
import { safeNextPath } from "../session/next-path";
import { Enrolment } from "./enrolment";
import { proofErrors } from "./proof-errors";
import { ProofForm, type ProofErrors } from "./proof-form";
import { RecoveryCodes } from "./recovery-codes";

type View =
  { kind: "on" } | { kind: "off" } | { kind: "enrol"; replacing: boolean } | { kind: "codes"; codes: string[] };

/**
 * Two-factor on: a new authenticator app (new secret and recovery codes) for anyone; admins must keep it,
 * anyone else may turn it off. Both prove the person first: password and a current code (decision 0043).
 */
function TurnedOn({
  user,
  twoFactor,
  onOff,
  onReplace,
}: {
  user: CurrentStaff;
  twoFactor: TwoFactorAdmin;
  onOff: () => void;
  onReplace: () => void;
}) {
  const toast = useToast();
  async function turnOff({ password, code }: { password: string; code?: string }): Promise<ProofErrors | null> {
    try {
      await twoFactor.disable(code ?? "", password);
      toast({ title: "Two-factor sign-in is off", description: "Your other sessions were signed out." });
      onOff();
      return null;
    } catch (error) {
      console.error("Turning off two-factor failed:", error);
      return proofErrors(error);
    }
  }
  return (
    <div className="grid gap-4 text-sm">
      <p className="inline-flex items-center gap-2 font-medium text-slate-900">
        <ShieldCheck aria-hidden="true" className="h-5 w-5 text-green-700" /> Two-factor sign-in is on for {user.email}.
      </p>
      <Button variant="outline" onClick={onReplace}>
        Set up a new authenticator app
      </Button>
      {user.role === "admin" ? (
        <p className="text-slate-700">
          Admins must keep it on. Lost your phone? Sign in with a recovery code, or ask another admin to reset your
          two-factor.
        </p>
      ) : (
        <ProofForm
          label="Turn off two-factor"
          intro="To turn two-factor off, confirm it is you: your password and the code your app shows now (or a recovery code)."
          submitLabel="Turn off two-factor"
          busyLabel="Turning off..."
          withCode
          variant="danger"
          onProof={turnOff}
        />
      )}
    </div>
  );
}

/**
 * /admin/two-factor: enrolment (where an admin without two-factor is sent, and can do nothing else until
 * done), the recovery codes once, and for an account that has it, turning it off where allowed.
 */
export function TwoFactorPage({ user }: { user: CurrentStaff }) {
  const backend = useAdminBackend();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [view, setView] = useState<View>(user.twoFactor ? { kind: "on" } : { kind: "enrol", replacing: false });

  if (!backend) return <p role="status">Loading...</p>;
  const twoFactor = backend.twoFactor;
  if (!twoFactor) {
    return <p className="text-sm text-slate-700">Two-factor sign-in is set up in Firebase Authentication, not here.</p>;
  }
  switch (view.kind) {
    case "enrol":
      return (
        <Enrolment
          twoFactor={twoFactor}
          replacing={view.replacing}
          onEnabled={(codes) => setView({ kind: "codes", codes })}
        />
      );
    case "codes":
      return (
        <RecoveryCodes
          codes={view.codes}
          account={user.email}
          onDone={() => void navigate(safeNextPath(params.get("next")), { replace: true })}
        />
      );
    case "on":
      return (
        <TurnedOn
          user={user}
          twoFactor={twoFactor}
          onOff={() => setView({ kind: "off" })}
          onReplace={() => setView({ kind: "enrol", replacing: true })}
        />
      );
    case "off":
      return (
        <div className="grid gap-4 text-sm">
          <p role="status" className="inline-flex items-center gap-2 font-medium text-slate-900">
            <ShieldOff aria-hidden="true" className="h-5 w-5 text-slate-600" /> Two-factor sign-in is off: your password
            alone signs you in.
          </p>
          <Button variant="outline" onClick={() => setView({ kind: "enrol", replacing: false })}>
            Set up two-factor again
          </Button>
        </div>
      );
  }
}
