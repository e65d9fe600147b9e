import type { ReactNode } from "react";
import { Container } from "../../../components/ui/container";
import { CLOSING_CTA } from "../../../content/home";

/** The last band on the home page; the route passes in the capture form (email + Start Today). */
export function ClosingCtaSection({ form }: { form: ReactNode }) {
  return (
    <section aria-labelledby="closing-cta-title" className="relative overflow-hidden bg-brand-800 py-16 text-white sm:py-24">
      <div aria-hidden="true" className="absolute -top-32 -left-24 h-96 w-96 rounded-full bg-brand-600/40 blur-3xl" />
      <div aria-hidden="true" className="absolute -right-24 -bottom-32 h-96 w-96 rounded-full bg-sky-700/30 blur-3xl" />
      <Container size="md" className="relative text-center">
        <h2 id="closing-cta-title" className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
          {CLOSING_CTA.title}
        </h2>
        <p className="mx-auto mt-4 max-w-xl text-lg text-brand-50">{CLOSING_CTA.body}</p>
        <div className="mx-auto mt-8 max-w-lg">{form}</div>
      </Container>
    </section>
  );
}
