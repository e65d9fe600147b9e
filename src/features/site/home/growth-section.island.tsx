import { Container } from "../../../components/ui/container";
import { GROWTH, STATS } from "../../../content/home";
import { SectionHeading } from "../section-heading";

/** Growth metrics and headline stats; both are illustrative marketing figures, not live data. */
export function GrowthSectionBody() {
  return (
    <section aria-labelledby="growth-title" className="bg-slate-900 py-16 text-white sm:py-24">
      <Container>
        <SectionHeading id="growth-title" eyebrow={GROWTH.eyebrow} title={GROWTH.title} lead={GROWTH.lead} inverse />
        <dl className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {GROWTH.metrics.map((metric) => (
            <div key={metric.label} className="rounded-2xl border border-white/10 bg-white/5 p-6">
              <dt className="text-sm font-semibold tracking-wide text-brand-100 uppercase">{metric.label}</dt>
              <dd className="mt-3 text-5xl font-extrabold tracking-tight text-white">{metric.value}</dd>
              <dd className="mt-3 text-sm text-slate-300">{metric.detail}</dd>
            </div>
          ))}
        </dl>
        <div className="mt-16 rounded-3xl bg-white/5 p-8 ring-1 ring-white/10">
          <h3 className="text-center text-lg font-semibold text-white">{STATS.title}</h3>
          <dl className="mt-8 grid grid-cols-2 gap-8 text-center lg:grid-cols-4">
            {STATS.stats.map((stat) => (
              <div key={stat.label} className="flex flex-col-reverse">
                <dt className="mt-2 text-sm text-slate-300">{stat.label}</dt>
                <dd className="text-3xl font-bold tracking-tight whitespace-nowrap text-white sm:text-4xl">
                  {stat.value}
                </dd>
              </div>
            ))}
          </dl>
          <p className="mt-8 text-center text-sm text-slate-300">* {STATS.disclaimer}</p>
        </div>
      </Container>
    </section>
  );
}
