import { CLOSING_CTA } from "../../../content/home";

export function ClosingCtaIntroBody() {
  return (
    <>
      <h2 id="closing-cta-title" className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
        {CLOSING_CTA.title}
      </h2>
      <p className="mx-auto mt-4 max-w-xl text-lg text-brand-50">{CLOSING_CTA.body}</p>
    </>
  );
}
