import { cn } from "../../components/ui/cn";
import { Container } from "../../components/ui/container";
import type { IconCard, SectionIntro } from "../../content/types";
import { IconCardGrid } from "./icon-card-grid";
import { SectionHeading } from "./section-heading";

export interface FeatureSectionProps {
  id: string;
  intro: SectionIntro;
  items: readonly IconCard[];
  columns?: 2 | 3 | 4;
  tone?: "white" | "muted";
  className?: string;
}

/** A headed grid of icon cards; `id` also serves as an in-page anchor target. */
export function FeatureSectionBody({ id, intro, items, columns = 3, tone = "muted", className }: FeatureSectionProps) {
  const titleId = `${id}-title`;
  return (
    <section
      id={id}
      aria-labelledby={titleId}
      tabIndex={-1}
      className={cn(
        "scroll-mt-20 py-16 focus:outline-none sm:py-24",
        tone === "muted" ? "bg-slate-50" : "bg-white",
        className,
      )}
    >
      <Container>
        <SectionHeading id={titleId} {...intro} />
        <div className="mt-14">
          <IconCardGrid items={items} columns={columns} />
        </div>
      </Container>
    </section>
  );
}
