import { Quote } from "lucide-react";
import { Container } from "../../../components/ui/container";
import { BRAND } from "../../../config/brand";
import { ABOUT_FOUNDER } from "../../../content/about";
import { SectionHeading } from "../section-heading";

const initials = BRAND.founder.name
  .split(" ")
  .map((part) => part[0])
  .join("");

/** The founder, shown with an initials monogram instead of a photo (no image request, no stock picture). */
export function FounderSectionBody() {
  return (
    <section aria-labelledby="founder-title" className="bg-white py-16 sm:py-24">
      <Container size="lg">
        <SectionHeading id="founder-title" eyebrow={ABOUT_FOUNDER.eyebrow} title={ABOUT_FOUNDER.title} />
        <article className="mt-12 grid items-center gap-10 rounded-3xl border border-slate-200 bg-slate-50 p-8 sm:p-12 md:grid-cols-[auto_1fr]">
          <div
            aria-hidden="true"
            className="mx-auto flex h-40 w-40 items-center justify-center rounded-full bg-gradient-to-br from-brand-600 to-brand-900 text-5xl font-bold text-white shadow-xl ring-8 ring-white"
          >
            {initials}
          </div>
          <div>
            <h3 className="text-2xl font-bold text-slate-900">{BRAND.founder.name}</h3>
            <p className="mt-1 font-semibold text-brand-700">{BRAND.founder.title}</p>
            <p className="mt-4 leading-7 text-slate-700">{ABOUT_FOUNDER.bio}</p>
            <blockquote className="mt-6 flex gap-3 border-l-4 border-brand-600 pl-4 text-lg text-slate-800 italic">
              <Quote aria-hidden="true" className="mt-1 h-5 w-5 shrink-0 text-brand-700" />
              <p>{ABOUT_FOUNDER.quote}</p>
            </blockquote>
          </div>
        </article>
      </Container>
    </section>
  );
}
