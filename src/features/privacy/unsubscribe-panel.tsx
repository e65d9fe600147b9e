import { MailX } from "lucide-react";
import { BRAND } from "../../config/brand";
import { LinkActionPanel } from "./link-action-panel";
import { useUnsubscribe } from "./use-unsubscribe";

const writeToUs = (
  <>
    write to{" "}
    <a
      href={`mailto:${BRAND.emails.privacy}?subject=unsubscribe`}
      className="font-medium text-brand-700 underline underline-offset-2"
    >
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
  const action = useUnsubscribe();
  return (
    <LinkActionPanel
      action={action}
      incomplete={<>This unsubscribe link is incomplete. Open the whole link from the email, or {writeToUs}.</>}
      unsupported={<>Unsubscribing by link is not available on this site yet: please {writeToUs}.</>}
      outcomes={{
        unsubscribed: {
          title: "You're unsubscribed",
          body: (
            <>
              You will not get the {BRAND.name} newsletter any more, and we have noted that you opted out. Changed your
              mind? Subscribe again on our home page.
            </>
          ),
        },
        "already-unsubscribed": {
          title: "You're already unsubscribed",
          body: <>This address gets no {BRAND.name} newsletter. There is nothing more to do.</>,
        },
      }}
      failure={(reason) => ({
        problem:
          reason === "invalid-token" ? "This unsubscribe link is not valid." : "We could not unsubscribe you just now.",
        advice: (
          <>
            {reason === "invalid-token" ? "Copy the whole link from the email" : "Please try again in a moment"}, or{" "}
            {writeToUs}.
          </>
        ),
        retry: reason !== "invalid-token",
      })}
      button={{ icon: MailX, label: "Unsubscribe" }}
      decline="Keep my subscription"
    >
      <p className="text-slate-700">
        Stop the {BRAND.name} newsletter at the address this link was sent to? You can subscribe again at any time.
      </p>
    </LinkActionPanel>
  );
}
