import type { Route } from "./+types/hoa";
import { AudiencePage } from "../features/site/audience-page";
import { pageMeta } from "../features/site/seo";
import { HOA_PAGE } from "../content/hoa";

export const meta: Route.MetaFunction = () => pageMeta({ ...HOA_PAGE.seo, path: "/hoa" });

export default function HoaPage() {
  return <AudiencePage copy={HOA_PAGE} idPrefix="hoa" />;
}
