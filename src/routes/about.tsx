import type { Route } from "./+types/about";
import { FounderSection } from "../features/site/about/founder-section";
import { StorySection } from "../features/site/about/story-section";
import { CtaBand } from "../features/site/cta-band";
import { FeatureSection } from "../features/site/feature-section";
import { HeroButtons } from "../features/site/hero-buttons";
import { PageHero } from "../features/site/page-hero";
import { pageMeta } from "../features/site/seo";
import {
  ABOUT_CTA,
  ABOUT_HERO,
  ABOUT_HERO_ACTIONS,
  ABOUT_SEO,
  ABOUT_VALUES,
  ABOUT_VALUES_INTRO,
} from "../content/about";

export const meta: Route.MetaFunction = () => pageMeta({ ...ABOUT_SEO, path: "/about" });

export default function AboutPage() {
  return (
    <>
      <PageHero {...ABOUT_HERO}>
        <HeroButtons {...ABOUT_HERO_ACTIONS} />
      </PageHero>
      <StorySection />
      <FeatureSection id="values" intro={ABOUT_VALUES_INTRO} items={ABOUT_VALUES} columns={4} />
      <FounderSection />
      <CtaBand {...ABOUT_CTA} />
    </>
  );
}
