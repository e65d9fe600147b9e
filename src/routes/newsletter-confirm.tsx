import type { Route } from "./+types/newsletter-confirm";
import { ConfirmSubscriptionPanel } from "../features/privacy/confirm-subscription-panel";
import { LinkPageLoading, linkPageRoute } from "../features/privacy/link-page";

// Client-only like /unsubscribe (not prerendered): what it shows depends on the link's token. The
// server answers /newsletter/confirm with the SPA shell; the page's button POSTs /api/newsletter/confirm.

const route = linkPageRoute("Confirm your subscription", ConfirmSubscriptionPanel);

export const meta: Route.MetaFunction = route.meta;

export const HydrateFallback = LinkPageLoading;

export default route.Page;
