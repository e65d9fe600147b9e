import { CircleCheck, CirclePlay } from "lucide-react";
import type { ReactNode } from "react";
import { ButtonLink } from "../../../components/ui/button";
import { Container } from "../../../components/ui/container";
import { HOME_HERO } from "../../../content/home";
import { HeroSnapshot } from "./hero-snapshot";

/** The home page's top band; `emailBox` is the capture form, passed in by the route. */
export function HomeHero({ emailBox }: { emailBox: ReactNode }) {
  const [before] = HOME_HERO.title.split(HOME_HERO.highlight);
  return (
    <section className="relative overflow-hidden bg-gradient-to-b from-brand-50 via-white to-white">
      <div aria-hidden="true" className="pointer-events-none absolute -top-40 -right-32 h-[28rem] w-[28rem] rounded-full bg-brand-100/70 blur-3xl" />
      <div aria-hidden="true" className="pointer-events-none absolute top-40 -left-40 h-80 w-80 rounded-full bg-sky-100/60 blur-3xl" />
      <Container className="relative grid items-center gap-14 py-16 sm:py-20 lg:grid-cols-2 lg:py-28">
        <div>
          <p className="inline-flex rounded-full border border-brand-100 bg-white px-3 py-1 text-sm font-semibold text-brand-800 shadow-sm">
            {HOME_HERO.eyebrow}
          </p>
          <h1 className="mt-6 text-4xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl lg:text-6xl">
            {before}
            <span className="bg-gradient-to-r from-brand-700 to-sky-700 bg-clip-text text-transparent">{HOME_HERO.highlight}</span>
          </h1>
          <p className="mt-6 max-w-xl text-lg text-pretty text-slate-600 sm:text-xl">{HOME_HERO.lead}</p>
          <div className="mt-8 max-w-xl">{emailBox}</div>
          <div className="mt-4 flex flex-wrap items-center gap-x-6 gap-y-3">
            <ButtonLink to={HOME_HERO.watchDemo.to} variant="outline">
              <CirclePlay aria-hidden="true" className="h-5 w-5 text-brand-700" />
              {HOME_HERO.watchDemo.label}
            </ButtonLink>
          </div>
          <ul className="mt-6 flex flex-wrap gap-x-6 gap-y-2 text-sm text-slate-600">
            {HOME_HERO.assurances.map((item) => (
              <li key={item} className="flex items-center gap-1.5">
                <CircleCheck aria-hidden="true" className="h-4 w-4 text-brand-700" />
                {item}
              </li>
            ))}
          </ul>
        </div>
        <HeroSnapshot />
      </Container>
    </section>
  );
}
