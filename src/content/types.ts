import type { LucideIcon } from "lucide-react";

/** A card with an icon, a title and one or two sentences. */
export interface IconCard {
  icon: LucideIcon;
  title: string;
  description: string;
}

export interface LinkAction {
  label: string;
  to: string;
}

export interface PageHeroCopy {
  eyebrow: string;
  title: string;
  lead: string;
}

export interface SeoCopy {
  title: string;
  description: string;
}

export interface Step {
  title: string;
  description: string;
}

/** A benefits band: a checklist on one side, one or two highlight cards on the other. */
export interface BenefitsCopy {
  eyebrow: string;
  title: string;
  lead: string;
  items: readonly string[];
  highlights: readonly IconCard[];
}

export interface SectionIntro {
  eyebrow?: string;
  title: string;
  lead?: string;
}

export interface CtaCopy {
  title: string;
  body: string;
  primary: LinkAction;
  secondary?: LinkAction;
}

/** The two buttons under a hero: the main action, then a second choice. */
export interface HeroActions<Secondary = LinkAction> {
  primary: LinkAction;
  secondary: Secondary;
}

/** A button that scrolls to the page's own features section instead of opening another page. */
export interface FeaturesJump {
  label: string;
  scrollsTo: "features";
}

/** An audience's landing page (property managers, HOAs, landlords): the same sections, each audience's words. */
export interface AudiencePageCopy {
  seo: SeoCopy;
  hero: PageHeroCopy;
  heroActions: HeroActions<LinkAction | FeaturesJump>;
  /** Small print under the hero's buttons. */
  heroNote: string;
  featuresIntro: SectionIntro;
  features: readonly IconCard[];
  benefits: BenefitsCopy;
  stepsIntro: SectionIntro;
  steps: readonly Step[];
  cta: CtaCopy;
}

/** A paragraph, or a bulleted list (optionally with a lead-in sentence). */
export type LegalBlock = string | { intro?: string; list: readonly string[] };

export interface LegalSection {
  id: string;
  heading: string;
  blocks: readonly LegalBlock[];
}

export interface LegalDocument {
  title: string;
  summary: string;
  /** ISO date (YYYY-MM-DD). */
  lastUpdated: string;
  sections: readonly LegalSection[];
}
