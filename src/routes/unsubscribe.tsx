import type { Route } from "./+types/unsubscribe";
import { BRAND } from "../config/brand";
import { UnsubscribePanel } from "../features/privacy/unsubscribe-panel";
import { LinkPage, LinkPageLoading } from "../features/privacy/link-page";

// Client-only (not prerendered): what it shows depends on the token in the query. The server answers
// /unsubscribe with the SPA shell, and POST /unsubscribe is the RFC 8058 one-click endpoint.

export const meta: Route.MetaFunction = () => [{ title: `Unsubscribe | ${BRAND.name}` }, { name: "robots", content: "noindex, nofollow" }];

export const HydrateFallback = LinkPageLoading;

export default function UnsubscribeRoute() {
  return (
    <LinkPage title="Unsubscribe">
      <UnsubscribePanel />
    </LinkPage>
  );
}
