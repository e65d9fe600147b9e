import type { ReactNode } from "react";
import { Container } from "../../components/ui/container";
import type { IconCard } from "../../content/types";
import { FormCard } from "./form-card";
import { IncludedList } from "./included-list.island";
import { LeadBenefitsBody } from "./lead-capture-layout.island";
import { staticIsland } from "./static-island";

// Only the form hydrates; the cards and the list beside it are HTML (static-island.tsx).
const LeadBenefits = staticIsland("lead-benefits", import.meta.env.SSR ? LeadBenefitsBody : null);
const LeadIncluded = staticIsland("lead-included", import.meta.env.SSR ? IncludedList : null);

export interface LeadCaptureLayoutProps {
  benefits: readonly IconCard[];
  form: { title: string; body: string; element: ReactNode };
  included: { title: string; items: readonly string[] };
}

/** Signup and demo pages: three benefit cards, then the form beside the list of what the visitor gets. */
export function LeadCaptureLayout({ benefits, form, included }: LeadCaptureLayoutProps) {
  return (
    <>
      <LeadBenefits benefits={benefits} />
      <div className="bg-white py-16 sm:py-20">
        <Container className="grid items-start gap-8 lg:grid-cols-3">
          <FormCard className="lg:col-span-2" titleId="lead-form-title" title={form.title} description={form.body}>
            {form.element}
          </FormCard>
          <LeadIncluded titleId="lead-included-title" title={included.title} items={included.items} />
        </Container>
      </div>
    </>
  );
}
