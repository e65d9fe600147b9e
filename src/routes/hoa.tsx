import type { Route } from "./+types/hoa";
import { ButtonLink, buttonClasses } from "../components/ui/button";
import { AudiencePage, featuresId } from "../features/site/audience-page";
import { ScrollLink } from "../features/site/scroll-link";
import { pageMeta } from "../features/site/seo";
import { HOA_PAGE } from "../content/hoa";

export const meta: Route.MetaFunction = () => pageMeta({ ...HOA_PAGE.seo, path: "/hoa" });

export default function HoaPage() {
  return (
    <AudiencePage copy={HOA_PAGE} idPrefix="hoa">
      <ButtonLink to="/request-demo" size="lg">
        Book a Demo
      </ButtonLink>
      <ScrollLink targetId={featuresId("hoa")} className={buttonClasses({ variant: "outline", size: "lg" })}>
        Explore HOA Features
      </ScrollLink>
    </AudiencePage>
  );
}
