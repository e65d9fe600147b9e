import type { Route } from "./+types/newsletter-confirm";
import { BRAND } from "../config/brand";
import { ConfirmSubscriptionPanel } from "../features/privacy/confirm-subscription-panel";
import { LinkPage, LinkPageLoading } from "../features/privacy/link-page";

// Client-only like /unsubscribe (not prerendered): what it shows depends on the link's token. The
// server answers /newsletter/confirm with the SPA shell; the page's button POSTs /api/newsletter/confirm.

export const meta: Route.MetaFunction = () => [{ title: `Confirm your subscription | ${BRAND.name}` }, { name: "robots", content: "noindex, nofollow" }];

export const HydrateFallback = LinkPageLoading;

export default function NewsletterConfirmRoute() {
  return (
    <LinkPage title="Confirm your subscription">
      <ConfirmSubscriptionPanel />
    </LinkPage>
  );
}
