import type { ReactNode } from "react";
import type { AudiencePageCopy } from "../../content/types";
import { BenefitsSplit } from "./benefits-split";
import { CtaBand } from "./cta-band";
import { FeatureSection } from "./feature-section";
import { PageHero } from "./page-hero";
import { StepsSection } from "./steps-section";

/** The id of an audience page's features section, for links that scroll to it. */
export const featuresId = (idPrefix: string) => `${idPrefix}-features`;

export interface AudiencePageProps {
  copy: AudiencePageCopy;
  /** Starts the sections' ids ("hoa" gives hoa-features): links to them may be bookmarked, so they stay put. */
  idPrefix: string;
  /** The hero's buttons. */
  children: ReactNode;
}

/** The landing page of one audience: hero, features, benefits, the steps to switch, and the closing call to action. */
export function AudiencePage({ copy, idPrefix, children }: AudiencePageProps) {
  return (
    <>
      <PageHero {...copy.hero} note={copy.heroNote}>
        {children}
      </PageHero>
      <FeatureSection id={featuresId(idPrefix)} intro={copy.featuresIntro} items={copy.features} />
      <BenefitsSplit id={`${idPrefix}-benefits-title`} copy={copy.benefits} />
      <StepsSection id={`${idPrefix}-steps-title`} intro={copy.stepsIntro} steps={copy.steps} />
      <CtaBand {...copy.cta} />
    </>
  );
}
