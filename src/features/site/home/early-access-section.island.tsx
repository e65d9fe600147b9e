import { Quote, Rocket } from "lucide-react";
import { ButtonLink } from "../../../components/ui/button";
import { Container } from "../../../components/ui/container";
import { EARLY_ACCESS } from "../../../content/home";
import { CheckList } from "../check-list";
import { SectionHeading } from "../section-heading";

/** The testimonials slot: an honest early-access invitation instead of invented quotes. */
export function EarlyAccessSectionBody() {
  const { card } = EARLY_ACCESS;
  return (
    <section aria-labelledby="testimonials-title" className="bg-white py-16 sm:py-24">
      <Container size="lg">
        <SectionHeading
          id="testimonials-title"
          eyebrow={EARLY_ACCESS.eyebrow}
          title={EARLY_ACCESS.title}
          lead={EARLY_ACCESS.lead}
        />
        <div className="relative mx-auto mt-12 max-w-3xl overflow-hidden rounded-3xl border border-slate-200 bg-gradient-to-br from-white to-brand-50 p-8 shadow-sm sm:p-10">
          <Quote aria-hidden="true" className="absolute top-6 right-6 h-16 w-16 text-brand-100" />
          <div className="relative grid gap-8 sm:grid-cols-[auto_1fr]">
            <span className="inline-flex h-14 w-14 items-center justify-center rounded-2xl bg-brand-700 text-white">
              <Rocket aria-hidden="true" className="h-7 w-7" />
            </span>
            <div>
              <h3 className="text-2xl font-bold text-slate-900">{card.title}</h3>
              <p className="mt-2 text-slate-700">{card.body}</p>
              <div className="mt-6">
                <CheckList items={card.perks} />
              </div>
              <ButtonLink to={card.action.to} className="mt-8">
                {card.action.label}
              </ButtonLink>
            </div>
          </div>
        </div>
      </Container>
    </section>
  );
}
