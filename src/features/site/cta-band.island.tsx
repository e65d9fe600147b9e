import { useId } from "react";
import { ButtonLink } from "../../components/ui/button";
import { Container } from "../../components/ui/container";
import type { LinkAction } from "../../content/types";

export interface CtaBandProps {
  title: string;
  body: string;
  primary: LinkAction;
  secondary?: LinkAction;
}

/** A brand-coloured closing call to action with one or two buttons. */
export function CtaBandBody({ title, body, primary, secondary }: CtaBandProps) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="bg-white py-16 sm:py-20">
      <Container size="lg">
        <div className="relative overflow-hidden rounded-3xl bg-brand-800 px-6 py-14 text-center shadow-xl sm:px-12">
          <div
            aria-hidden="true"
            className="absolute -top-20 -right-20 h-64 w-64 rounded-full bg-brand-600/40 blur-2xl"
          />
          <div
            aria-hidden="true"
            className="absolute -bottom-24 -left-16 h-64 w-64 rounded-full bg-brand-900/60 blur-2xl"
          />
          <div className="relative">
            <h2 id={titleId} className="text-3xl font-bold tracking-tight text-balance text-white sm:text-4xl">
              {title}
            </h2>
            <p className="mx-auto mt-4 max-w-2xl text-lg text-brand-50">{body}</p>
            <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
              <ButtonLink to={primary.to} variant="inverse" size="lg">
                {primary.label}
              </ButtonLink>
              {secondary && (
                <ButtonLink to={secondary.to} variant="inverseOutline" size="lg">
                  {secondary.label}
                </ButtonLink>
              )}
            </div>
          </div>
        </div>
      </Container>
    </section>
  );
}
