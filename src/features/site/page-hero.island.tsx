import type { PageHeroCopy } from "../../content/types";

/** The hero's eyebrow, the page's only h1 and the lead: the static part of PageHero. */
export function PageHeroIntroBody({ eyebrow, title, lead }: PageHeroCopy) {
  return (
    <>
      <p className="inline-flex rounded-full border border-brand-100 bg-white px-3 py-1 text-sm font-semibold text-brand-800 shadow-sm">
        {eyebrow}
      </p>
      <h1 className="mx-auto mt-6 max-w-4xl text-4xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl lg:text-6xl">
        {title}
      </h1>
      <p className="mx-auto mt-6 max-w-2xl text-lg text-pretty text-slate-600 sm:text-xl">{lead}</p>
    </>
  );
}
