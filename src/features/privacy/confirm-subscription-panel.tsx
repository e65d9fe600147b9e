import { MailCheck } from "lucide-react";
import { Link } from "react-router";
import { BRAND } from "../../config/brand";
import { CONSENT_WORDING } from "../../domain/consent";
import { LinkActionPanel } from "./link-action-panel";
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
  const action = useConfirmSubscription();
  return (
    <LinkActionPanel
      action={action}
      incomplete={<>This confirmation link is incomplete. Open the whole link from the email, or {subscribeAgain}.</>}
      unsupported="Confirming by link is not available on this site yet."
      outcomes={{
        confirmed: {
          title: "You're subscribed",
          body: (
            <>
              Thank you: the {BRAND.name} newsletter will come to this address. Every issue has a link to unsubscribe.
            </>
          ),
        },
        "already-confirmed": {
          title: "Already confirmed",
          body: "This link was used already, and the address is subscribed. There is nothing more to do.",
        },
      }}
      failure={(reason) => {
        const tokenProblem = reason === "invalid-token" || reason === "expired-token";
        return {
          problem:
            reason === "expired-token"
              ? "This confirmation link has expired."
              : reason === "invalid-token"
                ? "This confirmation link is not valid."
                : "We could not confirm your subscription just now.",
          advice: tokenProblem ? <>Please {subscribeAgain}.</> : "Please try again in a moment.",
          retry: !tokenProblem,
        };
      }}
      button={{ icon: MailCheck, label: "Confirm" }}
      decline="No, thanks"
    >
      <p className="text-slate-700">Subscribe the address this link was sent to to the {BRAND.name} newsletter?</p>
      {/* The wording the newsletter forms show: pressing Confirm is the opt-in, and its version goes with it. */}
      <p className="text-sm text-slate-600" data-consent-version={CONSENT_WORDING.newsletter.version}>
        {CONSENT_WORDING.newsletter.text} See our{" "}
        <Link to="/privacy" className="font-medium text-brand-700 underline underline-offset-2">
          privacy notice
        </Link>
        .
      </p>
    </LinkActionPanel>
  );
}
