import { ButtonLink, buttonClasses } from "../../components/ui/button";
import type { LinkAction } from "../../content/types";
import { ScrollLink } from "./scroll-link";

/** A button to a section of the same page, by the section's id: it scrolls there instead of navigating. */
export interface SectionLinkAction {
  label: string;
  targetId: string;
}

export interface HeroButtonsProps {
  primary: LinkAction;
  /** Outlined, as the second choice. */
  secondary: LinkAction | SectionLinkAction;
}

/** The pair of large buttons under a page hero's lead: the main action, then the second choice. */
export function HeroButtons({ primary, secondary }: HeroButtonsProps) {
  return (
    <>
      <ButtonLink to={primary.to} size="lg">
        {primary.label}
      </ButtonLink>
      {"to" in secondary ? (
        <ButtonLink to={secondary.to} variant="outline" size="lg">
          {secondary.label}
        </ButtonLink>
      ) : (
        <ScrollLink targetId={secondary.targetId} className={buttonClasses({ variant: "outline", size: "lg" })}>
          {secondary.label}
        </ScrollLink>
      )}
    </>
  );
}
