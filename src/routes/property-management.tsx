import type { Route } from "./+types/property-management";
import { AudiencePage } from "../features/site/audience-page";
import { pageMeta } from "../features/site/seo";
import { PM_PAGE } from "../content/property-management";

export const meta: Route.MetaFunction = () => pageMeta({ ...PM_PAGE.seo, path: "/property-management" });

export default function PropertyManagementPage() {
  return <AudiencePage copy={PM_PAGE} idPrefix="pm" />;
}
