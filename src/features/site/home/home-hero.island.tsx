import { ButtonLink } from "../../../components/ui/button";
import { HOME_HERO } from "../../../content/home";
import { CircleCheckIcon, CirclePlayIcon } from "../icons";

/** Eyebrow, the page's h1 and the lead, above the capture form. */
export function HeroIntroBody() {
  const [before] = HOME_HERO.title.split(HOME_HERO.highlight);
  return (
    <>
      <p className="inline-flex rounded-full border border-brand-100 bg-white px-3 py-1 text-sm font-semibold text-brand-800 shadow-sm">
        {HOME_HERO.eyebrow}
      </p>
      <h1 className="mt-6 text-4xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl lg:text-6xl">
        {before}
        <span className="bg-gradient-to-r from-brand-700 to-sky-700 bg-clip-text text-transparent">
          {HOME_HERO.highlight}
        </span>
      </h1>
      <p className="mt-6 max-w-xl text-lg text-pretty text-slate-600 sm:text-xl">{HOME_HERO.lead}</p>
    </>
  );
}

/** The demo link and the assurances, below the capture form. */
export function HeroAssurancesBody() {
  return (
    <>
      <div className="mt-4 flex flex-wrap items-center gap-x-6 gap-y-3">
        <ButtonLink to={HOME_HERO.watchDemo.to} variant="outline">
          <CirclePlayIcon className="h-5 w-5 text-brand-700" />
          {HOME_HERO.watchDemo.label}
        </ButtonLink>
      </div>
      <ul className="mt-6 flex flex-wrap gap-x-6 gap-y-2 text-sm text-slate-600">
        {HOME_HERO.assurances.map((item) => (
          <li key={item} className="flex items-center gap-1.5">
            <CircleCheckIcon className="h-4 w-4 text-brand-700" />
            {item}
          </li>
        ))}
      </ul>
    </>
  );
}
