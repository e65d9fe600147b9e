import { Loader2, MailCheck } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { Button, ButtonLink } from "../../components/ui/button";
import { BRAND } from "../../config/brand";
import { CONSENT_WORDING } from "../../domain/consent";
import { LinkOutcome } from "./link-outcome";
import { useConfirmSubscription } from "./use-confirm-subscription";

const subscribeAgain = (
  <>
    subscribe again on our{" "}
    <Link to="/" className="font-medium text-brand-700 underline underline-offset-2">
      home page
    </Link>{" "}
    for a new link
  </>
);

/**
 * The page a confirmation link opens. Nothing happens on load (mail scanners and link previews open
 * links too, and must not subscribe anyone); one press of Confirm does. The token is the only authority.
 */
export function ConfirmSubscriptionPanel() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const { state, confirm } = useConfirmSubscription(token);

  if (!token) {
    return (
      <p role="alert" className="text-slate-700">
        This confirmation link is incomplete. Open the whole link from the email, or {subscribeAgain}.
      </p>
    );
  }
  if (state.step === "unsupported") {
    return <p className="text-slate-700">Confirming by link is not available on this site yet.</p>;
  }
  if (state.step === "done") {
    const { result } = state;
    if (result.ok && result.status === "confirmed") {
      return (
        <LinkOutcome title="You're subscribed">
          Thank you: the {BRAND.name} newsletter will come to this address. Every issue has a link to unsubscribe.
        </LinkOutcome>
      );
    }
    if (result.ok) {
      return <LinkOutcome title="Already confirmed">This link was used already, and the address is subscribed. There is nothing more to do.</LinkOutcome>;
    }
    const tokenProblem = result.reason === "invalid-token" || result.reason === "expired-token";
    return (
      <div role="alert" className="grid gap-3">
        <p className="font-medium text-red-800">
          {result.reason === "expired-token"
            ? "This confirmation link has expired."
            : result.reason === "invalid-token"
              ? "This confirmation link is not valid."
              : "We could not confirm your subscription just now."}
        </p>
        <p className="text-slate-700">{tokenProblem ? <>Please {subscribeAgain}.</> : "Please try again in a moment."}</p>
        {!tokenProblem && (
          <Button variant="outline" onClick={confirm} className="justify-self-start">
            Try again
          </Button>
        )}
      </div>
    );
  }
  const busy = state.step === "busy";
  return (
    <div className="grid gap-5">
      <p className="text-slate-700">Subscribe the address this link was sent to to the {BRAND.name} newsletter?</p>
      {/* The wording the newsletter forms show: pressing Confirm is the opt-in, and its version goes with it. */}
      <p className="text-sm text-slate-600" data-consent-version={CONSENT_WORDING.newsletter.version}>
        {CONSENT_WORDING.newsletter.text} See our{" "}
        <Link to="/privacy" className="font-medium text-brand-700 underline underline-offset-2">
          privacy notice
        </Link>
        .
      </p>
      <div className="flex flex-wrap gap-3">
        <Button onClick={confirm} disabled={busy} aria-busy={busy || undefined} size="lg">
          {busy ? <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" /> : <MailCheck aria-hidden="true" className="h-4 w-4" />}
          Confirm
        </Button>
        <ButtonLink to="/" variant="ghost" size="lg">
          No, thanks
        </ButtonLink>
      </div>
    </div>
  );
}
