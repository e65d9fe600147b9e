import { Container } from "../../../components/ui/container";
import { ABOUT_MISSION, ABOUT_STORY } from "../../../content/about";
import { SectionHeading } from "../section-heading";

export function StorySectionBody() {
  return (
    <section aria-labelledby="story-title" className="bg-white py-16 sm:py-24">
      <Container className="grid gap-12 lg:grid-cols-5">
        <div className="lg:col-span-3">
          <SectionHeading id="story-title" align="left" eyebrow={ABOUT_STORY.eyebrow} title={ABOUT_STORY.title} />
          <div className="mt-6 space-y-5 text-lg leading-8 text-slate-700">
            {ABOUT_STORY.paragraphs.map((paragraph) => (
              <p key={paragraph.slice(0, 32)}>{paragraph}</p>
            ))}
          </div>
          <dl className="mt-10 grid grid-cols-1 gap-6 sm:grid-cols-3">
            {ABOUT_STORY.facts.map((fact) => (
              <div key={fact.label} className="flex flex-col-reverse border-l-4 border-brand-600 pl-4">
                <dt className="text-sm text-slate-600">{fact.label}</dt>
                <dd className="text-2xl font-bold text-slate-900">{fact.value}</dd>
              </div>
            ))}
          </dl>
        </div>
        <aside aria-labelledby="mission-title" className="lg:col-span-2">
          <div className="rounded-3xl bg-brand-800 p-8 text-white shadow-xl sm:p-10">
            <h2 id="mission-title" className="text-2xl font-bold">
              {ABOUT_MISSION.title}
            </h2>
            <p className="mt-4 text-lg leading-8 text-brand-50">{ABOUT_MISSION.body}</p>
          </div>
        </aside>
      </Container>
    </section>
  );
}
