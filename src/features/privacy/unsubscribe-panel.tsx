import { Loader2, MailX } from "lucide-react";
import { useSearchParams } from "react-router";
import { Button, ButtonLink } from "../../components/ui/button";
import { BRAND } from "../../config/brand";
import { LinkOutcome } from "./link-outcome";
import { useUnsubscribe } from "./use-unsubscribe";

const writeToUs = (
  <>
    write to{" "}
    <a href={`mailto:${BRAND.emails.privacy}?subject=unsubscribe`} className="font-medium text-brand-700 underline underline-offset-2">
      {BRAND.emails.privacy}
    </a>{" "}
    and we will take you off the list
  </>
);

/**
 * The page an unsubscribe link opens. Nothing happens on load (link scanners and previews open links
 * too); one press of Unsubscribe confirms. The token in the link is the only authority: no login.
 */
export function UnsubscribePanel() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const { state, confirm } = useUnsubscribe(token);

  if (!token) {
    return (
      <p role="alert" className="text-slate-700">
        This unsubscribe link is incomplete. Open the whole link from the email, or {writeToUs}.
      </p>
    );
  }
  if (state.step === "unsupported") {
    return <p className="text-slate-700">Unsubscribing by link is not available on this site yet: please {writeToUs}.</p>;
  }
  if (state.step === "done") {
    const { result } = state;
    if (result.ok && result.status === "unsubscribed") {
      return (
        <LinkOutcome title="You're unsubscribed">
          You will not get the {BRAND.name} newsletter any more, and we have noted that you opted out. Changed your mind? Subscribe again on our home page.
        </LinkOutcome>
      );
    }
    if (result.ok) {
      return <LinkOutcome title="You're already unsubscribed">This address gets no {BRAND.name} newsletter. There is nothing more to do.</LinkOutcome>;
    }
    return (
      <div role="alert" className="grid gap-3">
        <p className="font-medium text-red-800">
          {result.reason === "invalid-token" ? "This unsubscribe link is not valid." : "We could not unsubscribe you just now."}
        </p>
        <p className="text-slate-700">
          {result.reason === "invalid-token" ? "Copy the whole link from the email" : "Please try again in a moment"}, or {writeToUs}.
        </p>
        {result.reason !== "invalid-token" && (
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
      <p className="text-slate-700">
        Stop the {BRAND.name} newsletter at the address this link was sent to? You can subscribe again at any time.
      </p>
      <div className="flex flex-wrap gap-3">
        <Button onClick={confirm} disabled={busy} aria-busy={busy || undefined} size="lg">
          {busy ? <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" /> : <MailX aria-hidden="true" className="h-4 w-4" />}
          Unsubscribe
        </Button>
        <ButtonLink to="/" variant="ghost" size="lg">
          Keep my subscription
        </ButtonLink>
      </div>
    </div>
  );
}
