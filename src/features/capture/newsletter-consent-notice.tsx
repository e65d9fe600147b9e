import { Link } from "react-router";
import { CONSENT_WORDING } from "../../domain/consent";
import { cn } from "../../components/ui/cn";

/**
 * The newsletter's consent wording, shown beside every box that subscribes (pressing its button is the
 * opt-in, POPIA section 69), with the notice at collection (section 18): a link to the privacy notice.
 */
export function NewsletterConsentNotice({
  tone = "light",
  className,
}: {
  tone?: "light" | "dark";
  className?: string;
}) {
  return (
    <p
      className={cn("text-sm", tone === "dark" ? "opacity-90" : "text-slate-600", className)}
      data-consent-version={CONSENT_WORDING.newsletter.version}
    >
      {CONSENT_WORDING.newsletter.text} See our{" "}
      <Link
        to="/privacy"
        className={cn("font-medium underline underline-offset-2", tone === "light" && "text-brand-700")}
      >
        privacy notice
      </Link>
      .
    </p>
  );
}
