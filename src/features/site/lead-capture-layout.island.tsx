import { Container } from "../../components/ui/container";
import type { IconCard } from "../../content/types";
import { IconCardGrid } from "./icon-card-grid";

/** The three benefit cards above the form: the static part of LeadCaptureLayout. */
export function LeadBenefitsBody({ benefits }: { benefits: readonly IconCard[] }) {
  return (
    <section aria-label="Benefits" className="bg-white pb-4">
      <Container>
        <IconCardGrid items={benefits} columns={3} headingLevel={2} />
      </Container>
    </section>
  );
}
