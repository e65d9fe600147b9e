import type { Route } from "./+types/hoa";
import { ButtonLink, buttonClasses } from "../components/ui/button";
import { BenefitsSplit } from "../features/site/benefits-split";
import { CtaBand } from "../features/site/cta-band";
import { FeatureSection } from "../features/site/feature-section";
import { PageHero } from "../features/site/page-hero";
import { ScrollLink } from "../features/site/scroll-link";
import { pageMeta } from "../features/site/seo";
import { StepsSection } from "../features/site/steps-section";
import {
  HOA_BENEFITS,
  HOA_CTA,
  HOA_FEATURES,
  HOA_FEATURES_ID,
  HOA_FEATURES_INTRO,
  HOA_HERO,
  HOA_SEO,
  HOA_STEPS,
  HOA_STEPS_INTRO,
} from "../content/hoa";

export const meta: Route.MetaFunction = () => pageMeta({ ...HOA_SEO, path: "/hoa" });

export default function HoaPage() {
  return (
    <>
      <PageHero {...HOA_HERO} note="Free 30-day trial for your association · No setup fees on standard plans">
        <ButtonLink to="/request-demo" size="lg">
          Book a Demo
        </ButtonLink>
        <ScrollLink targetId={HOA_FEATURES_ID} className={buttonClasses({ variant: "outline", size: "lg" })}>
          Explore HOA Features
        </ScrollLink>
      </PageHero>
      <FeatureSection id={HOA_FEATURES_ID} intro={HOA_FEATURES_INTRO} items={HOA_FEATURES} />
      <BenefitsSplit id="hoa-benefits-title" copy={HOA_BENEFITS} />
      <StepsSection id="hoa-steps-title" intro={HOA_STEPS_INTRO} steps={HOA_STEPS} />
      <CtaBand {...HOA_CTA} />
    </>
  );
}
