import type { Route } from "./+types/landlords";
import { ButtonLink } from "../components/ui/button";
import { BenefitsSplit } from "../features/site/benefits-split";
import { CtaBand } from "../features/site/cta-band";
import { FeatureSection } from "../features/site/feature-section";
import { PageHero } from "../features/site/page-hero";
import { pageMeta } from "../features/site/seo";
import { StepsSection } from "../features/site/steps-section";
import {
  LANDLORDS_BENEFITS,
  LANDLORDS_CTA,
  LANDLORDS_FEATURES,
  LANDLORDS_FEATURES_INTRO,
  LANDLORDS_HERO,
  LANDLORDS_SEO,
  LANDLORDS_STEPS,
  LANDLORDS_STEPS_INTRO,
} from "../content/landlords";

export const meta: Route.MetaFunction = () => pageMeta({ ...LANDLORDS_SEO, path: "/landlords" });

export default function LandlordsPage() {
  return (
    <>
      <PageHero {...LANDLORDS_HERO} note="30-day free trial · No credit card required">
        <ButtonLink to="/signup" size="lg">
          Start Free Trial
        </ButtonLink>
        <ButtonLink to="/request-demo" variant="outline" size="lg">
          Request a Demo
        </ButtonLink>
      </PageHero>
      <FeatureSection id="landlord-features" intro={LANDLORDS_FEATURES_INTRO} items={LANDLORDS_FEATURES} />
      <BenefitsSplit id="landlord-benefits-title" copy={LANDLORDS_BENEFITS} />
      <StepsSection id="landlord-steps-title" intro={LANDLORDS_STEPS_INTRO} steps={LANDLORDS_STEPS} />
      <CtaBand {...LANDLORDS_CTA} />
    </>
  );
}
