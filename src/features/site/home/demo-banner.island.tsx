import { CalendarDays } from "lucide-react";
import { ButtonLink } from "../../../components/ui/button";
import { Container } from "../../../components/ui/container";
import { DEMO_BANNER } from "../../../content/home";

export function DemoBannerBody() {
  return (
    <section aria-labelledby="demo-banner-title" className="bg-white py-16">
      <Container size="lg">
        <div className="flex flex-col items-start gap-6 rounded-3xl border border-brand-100 bg-brand-50 p-8 sm:flex-row sm:items-center sm:p-10">
          <span className="inline-flex h-14 w-14 shrink-0 items-center justify-center rounded-2xl bg-brand-700 text-white">
            <CalendarDays aria-hidden="true" className="h-7 w-7" />
          </span>
          <div className="flex-1">
            <h2 id="demo-banner-title" className="text-2xl font-bold text-slate-900">
              {DEMO_BANNER.title}
            </h2>
            <p className="mt-2 text-slate-700">{DEMO_BANNER.body}</p>
          </div>
          <ButtonLink to={DEMO_BANNER.action.to} size="lg" className="w-full sm:w-auto">
            {DEMO_BANNER.action.label}
          </ButtonLink>
        </div>
      </Container>
    </section>
  );
}
