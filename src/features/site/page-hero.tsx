import type { ReactNode } from "react";
import { Container } from "../../components/ui/container";
import type { PageHeroCopy } from "../../content/types";
import { PageHeroIntroBody } from "./page-hero.island";
import { staticIsland } from "./static-island";

const PageHeroIntro = staticIsland("page-hero-intro", import.meta.env.SSR ? PageHeroIntroBody : null);

export interface PageHeroProps extends PageHeroCopy {
  /** Buttons or a short form under the lead. */
  children?: ReactNode;
  /** Small print under the actions, e.g. "No credit card required". */
  note?: ReactNode;
}

/** The top band of an inner page: eyebrow, the page's only h1, a lead paragraph (HTML only) and actions. */
export function PageHero({ eyebrow, title, lead, children, note }: PageHeroProps) {
  return (
    <section className="relative overflow-hidden bg-gradient-to-b from-brand-50 via-white to-white">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-24 left-1/2 h-72 w-[48rem] -translate-x-1/2 rounded-full bg-brand-100/60 blur-3xl"
      />
      <Container size="lg" className="relative py-16 text-center sm:py-24">
        <PageHeroIntro eyebrow={eyebrow} title={title} lead={lead} />
        {children && <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">{children}</div>}
        {note && <p className="mt-6 text-sm text-slate-600">{note}</p>}
      </Container>
    </section>
  );
}
