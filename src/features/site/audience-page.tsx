import type { AudiencePageCopy } from "../../content/types";
import { BenefitsSplit } from "./benefits-split";
import { CtaBand } from "./cta-band";
import { FeatureSection } from "./feature-section";
import { HeroButtons } from "./hero-buttons";
import { PageHero } from "./page-hero";
import { StepsSection } from "./steps-section";

export interface AudiencePageProps {
  copy: AudiencePageCopy;
  /** Starts the sections' ids ("hoa" gives hoa-features): links to them may be bookmarked, so they stay put. */
  idPrefix: string;
}

/** The landing page of one audience: hero, features, benefits, the steps to switch, and the closing call to action. */
export function AudiencePage({ copy, idPrefix }: AudiencePageProps) {
  const featuresId = `${idPrefix}-features`;
  const { primary, secondary } = copy.heroActions;
  return (
    <>
      <PageHero {...copy.hero} note={copy.heroNote}>
        <HeroButtons
          primary={primary}
          secondary={"to" in secondary ? secondary : { label: secondary.label, targetId: featuresId }}
        />
      </PageHero>
      <FeatureSection id={featuresId} intro={copy.featuresIntro} items={copy.features} />
      <BenefitsSplit id={`${idPrefix}-benefits-title`} copy={copy.benefits} />
      <StepsSection id={`${idPrefix}-steps-title`} intro={copy.stepsIntro} steps={copy.steps} />
      <CtaBand {...copy.cta} />
    </>
  );
}
