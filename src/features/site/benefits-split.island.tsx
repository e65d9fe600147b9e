import { Container } from "../../components/ui/container";
import type { BenefitsCopy } from "../../content/types";
import { CheckList } from "./check-list";
import { SectionHeading } from "./section-heading";

export function BenefitsSplitBody({ copy, id }: { copy: BenefitsCopy; id: string }) {
  return (
    <section aria-labelledby={id} className="bg-white py-16 sm:py-24">
      <Container className="grid items-center gap-12 lg:grid-cols-2">
        <div>
          <SectionHeading id={id} align="left" eyebrow={copy.eyebrow} title={copy.title} lead={copy.lead} />
          <div className="mt-8">
            <CheckList items={copy.items} />
          </div>
        </div>
        <ul className="grid gap-6">
          {copy.highlights.map(({ icon: Icon, title, description }, index) => (
            <li
              key={title}
              className={
                index % 2 === 0
                  ? "rounded-3xl bg-brand-800 p-8 text-white shadow-xl"
                  : "rounded-3xl border border-slate-200 bg-slate-50 p-8 lg:ml-12"
              }
            >
              <Icon
                aria-hidden="true"
                className={index % 2 === 0 ? "h-8 w-8 text-brand-100" : "h-8 w-8 text-brand-700"}
              />
              <h3
                className={
                  index % 2 === 0 ? "mt-4 text-xl font-bold text-white" : "mt-4 text-xl font-bold text-slate-900"
                }
              >
                {title}
              </h3>
              <p className={index % 2 === 0 ? "mt-2 text-brand-50" : "mt-2 text-slate-600"}>{description}</p>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}
