import type { ReactNode } from "react";
import { Container } from "../../components/ui/container";
import type { PageHeroCopy } from "../../content/types";

export interface PageHeroProps extends PageHeroCopy {
  /** Buttons or a short form under the lead. */
  children?: ReactNode;
  /** Small print under the actions, e.g. "No credit card required". */
  note?: ReactNode;
}

/** The top band of an inner page: eyebrow, the page's only h1, a lead paragraph and actions. */
export function PageHero({ eyebrow, title, lead, children, note }: PageHeroProps) {
  return (
    <section className="relative overflow-hidden bg-gradient-to-b from-brand-50 via-white to-white">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-24 left-1/2 h-72 w-[48rem] -translate-x-1/2 rounded-full bg-brand-100/60 blur-3xl"
      />
      <Container size="lg" className="relative py-16 text-center sm:py-24">
        <p className="inline-flex rounded-full border border-brand-100 bg-white px-3 py-1 text-sm font-semibold text-brand-800 shadow-sm">
          {eyebrow}
        </p>
        <h1 className="mx-auto mt-6 max-w-4xl text-4xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl lg:text-6xl">
          {title}
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-pretty text-slate-600 sm:text-xl">{lead}</p>
        {children && <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">{children}</div>}
        {note && <p className="mt-6 text-sm text-slate-600">{note}</p>}
      </Container>
    </section>
  );
}
