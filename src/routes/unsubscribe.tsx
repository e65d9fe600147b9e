import type { Route } from "./+types/unsubscribe";
import { UnsubscribePanel } from "../features/privacy/unsubscribe-panel";
import { LinkPageLoading, linkPageRoute } from "../features/privacy/link-page";

// Client-only (not prerendered): what it shows depends on the token in the query. The server answers
// /unsubscribe with the SPA shell, and POST /unsubscribe is the RFC 8058 one-click endpoint.

const route = linkPageRoute("Unsubscribe", UnsubscribePanel);

export const meta: Route.MetaFunction = route.meta;

export const HydrateFallback = LinkPageLoading;

export default route.Page;
