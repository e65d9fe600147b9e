import type { Route } from "./+types/landlords";
import { AudiencePage } from "../features/site/audience-page";
import { pageMeta } from "../features/site/seo";
import { LANDLORDS_PAGE } from "../content/landlords";

export const meta: Route.MetaFunction = () => pageMeta({ ...LANDLORDS_PAGE.seo, path: "/landlords" });

export default function LandlordsPage() {
  return <AudiencePage copy={LANDLORDS_PAGE} idPrefix="landlord" />;
}
