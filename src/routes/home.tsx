import type { Route } from "./+types/home";
import { ClosingCtaForm } from "../features/capture/closing-cta-form";
import { HeroEmailBox } from "../features/capture/hero-email-box";
import { NewsletterForm } from "../features/capture/newsletter-card";
import { CtaBand } from "../features/site/cta-band";
import { ClosingCtaSection } from "../features/site/home/closing-cta-section";
import { DemoBanner } from "../features/site/home/demo-banner";
import { EarlyAccessSection } from "../features/site/home/early-access-section";
import { FeaturesSection } from "../features/site/home/features-section";
import { GrowthSection } from "../features/site/home/growth-section";
import { HomeHero } from "../features/site/home/home-hero";
import { NewsletterSection } from "../features/site/home/newsletter-section";
import { ShowcaseSection } from "../features/site/home/showcase-section";
import { PromoCard } from "../features/site/promo-card";
import { pageMeta } from "../features/site/seo";
import { HOME_SEO, HOME_TRIAL_CTA } from "../content/home";

export const meta: Route.MetaFunction = () => pageMeta({ ...HOME_SEO, path: "/" });

export default function HomePage() {
  return (
    <>
      <HomeHero emailBox={<HeroEmailBox />} />
      <FeaturesSection />
      <CtaBand {...HOME_TRIAL_CTA} />
      <GrowthSection />
      <DemoBanner />
      <ShowcaseSection />
      <EarlyAccessSection />
      <NewsletterSection form={<NewsletterForm />} />
      <ClosingCtaSection form={<ClosingCtaForm />} />
      <PromoCard />
    </>
  );
}
