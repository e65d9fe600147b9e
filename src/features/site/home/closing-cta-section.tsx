import type { ReactNode } from "react";
import { Container } from "../../../components/ui/container";
import { staticIsland } from "../static-island";
import { ClosingCtaIntroBody } from "./closing-cta-section.island";

const ClosingCtaIntro = staticIsland("closing-cta-intro", import.meta.env.SSR ? ClosingCtaIntroBody : null);

/** The last band on the home page; the route passes in the capture form (email + Start Today). */
export function ClosingCtaSection({ form }: { form: ReactNode }) {
  return (
    <section
      aria-labelledby="closing-cta-title"
      className="relative overflow-hidden bg-brand-800 py-16 text-white sm:py-24"
    >
      <div aria-hidden="true" className="absolute -top-32 -left-24 h-96 w-96 rounded-full bg-brand-600/40 blur-3xl" />
      <div aria-hidden="true" className="absolute -right-24 -bottom-32 h-96 w-96 rounded-full bg-sky-700/30 blur-3xl" />
      <Container size="md" className="relative text-center">
        <ClosingCtaIntro />
        <div className="mx-auto mt-8 max-w-lg">{form}</div>
      </Container>
    </section>
  );
}
