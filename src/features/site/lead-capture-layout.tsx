import type { ReactNode } from "react";
import { Container } from "../../components/ui/container";
import type { IconCard } from "../../content/types";
import { FormCard } from "./form-card";
import { IconCardGrid } from "./icon-card-grid";
import { IncludedList } from "./included-list";

export interface LeadCaptureLayoutProps {
  benefits: readonly IconCard[];
  form: { title: string; body: string; element: ReactNode };
  included: { title: string; items: readonly string[] };
}

/** Signup and demo pages: three benefit cards, then the form beside the list of what the visitor gets. */
export function LeadCaptureLayout({ benefits, form, included }: LeadCaptureLayoutProps) {
  return (
    <>
      <section aria-label="Benefits" className="bg-white pb-4">
        <Container>
          <IconCardGrid items={benefits} columns={3} headingLevel={2} />
        </Container>
      </section>
      <div className="bg-white py-16 sm:py-20">
        <Container className="grid items-start gap-8 lg:grid-cols-3">
          <FormCard className="lg:col-span-2" titleId="lead-form-title" title={form.title} description={form.body}>
            {form.element}
          </FormCard>
          <IncludedList titleId="lead-included-title" title={included.title} items={included.items} />
        </Container>
      </div>
    </>
  );
}
