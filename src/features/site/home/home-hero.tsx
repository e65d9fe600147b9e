import type { ReactNode } from "react";
import { Container } from "../../../components/ui/container";
import { staticIsland } from "../static-island";
import { HeroSnapshot } from "./hero-snapshot";
import { HeroAssurancesBody, HeroIntroBody } from "./home-hero.island";

const HeroIntro = staticIsland("hero-intro", import.meta.env.SSR ? HeroIntroBody : null);
const HeroAssurances = staticIsland("hero-assurances", import.meta.env.SSR ? HeroAssurancesBody : null);

/** The home page's top band; `emailBox` is the capture form, passed in by the route. */
export function HomeHero({ emailBox }: { emailBox: ReactNode }) {
  return (
    <section className="relative overflow-hidden bg-gradient-to-b from-brand-50 via-white to-white">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-40 -right-32 h-[28rem] w-[28rem] rounded-full bg-brand-100/70 blur-3xl"
      />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute top-40 -left-40 h-80 w-80 rounded-full bg-sky-100/60 blur-3xl"
      />
      <Container className="relative grid items-center gap-14 py-16 sm:py-20 lg:grid-cols-2 lg:py-28">
        <div>
          <HeroIntro />
          <div className="mt-8 max-w-xl">{emailBox}</div>
          <HeroAssurances />
        </div>
        <HeroSnapshot />
      </Container>
    </section>
  );
}
