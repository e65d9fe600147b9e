import { Container } from "../../components/ui/container";
import type { SectionIntro, Step } from "../../content/types";
import { SectionHeading } from "./section-heading";
import { StepList } from "./step-list";

export function StepsSectionBody({ id, intro, steps }: { id: string; intro: SectionIntro; steps: readonly Step[] }) {
  return (
    <section aria-labelledby={id} className="bg-slate-50 py-16 sm:py-24">
      <Container>
        <SectionHeading id={id} {...intro} />
        <div className="mt-14">
          <StepList steps={steps} />
        </div>
      </Container>
    </section>
  );
}
