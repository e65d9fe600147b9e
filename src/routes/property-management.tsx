import type { Route } from "./+types/property-management";
import { ButtonLink } from "../components/ui/button";
import { BenefitsSplit } from "../features/site/benefits-split";
import { CtaBand } from "../features/site/cta-band";
import { FeatureSection } from "../features/site/feature-section";
import { PageHero } from "../features/site/page-hero";
import { pageMeta } from "../features/site/seo";
import { StepsSection } from "../features/site/steps-section";
import {
  PM_BENEFITS,
  PM_CTA,
  PM_FEATURES,
  PM_FEATURES_INTRO,
  PM_HERO,
  PM_SEO,
  PM_STEPS,
  PM_STEPS_INTRO,
} from "../content/property-management";

export const meta: Route.MetaFunction = () => pageMeta({ ...PM_SEO, path: "/property-management" });

export default function PropertyManagementPage() {
  return (
    <>
      <PageHero {...PM_HERO} note="30-day free trial · No credit card · No setup fees on standard plans">
        <ButtonLink to="/request-demo" size="lg">
          Request a Demo
        </ButtonLink>
        <ButtonLink to="/signup" variant="outline" size="lg">
          Start Free Trial
        </ButtonLink>
      </PageHero>
      <FeatureSection id="pm-features" intro={PM_FEATURES_INTRO} items={PM_FEATURES} />
      <BenefitsSplit id="pm-benefits-title" copy={PM_BENEFITS} />
      <StepsSection id="pm-steps-title" intro={PM_STEPS_INTRO} steps={PM_STEPS} />
      <CtaBand {...PM_CTA} />
    </>
  );
}
