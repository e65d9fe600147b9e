import { Container } from "../../../components/ui/container";
import { SHOWCASE } from "../../../content/home";
import { CheckList } from "../check-list";
import { SectionHeading } from "../section-heading";
import { DashboardIllustration } from "./dashboard-illustration";

export function ShowcaseSectionBody() {
  return (
    <section aria-labelledby="showcase-title" className="overflow-hidden bg-slate-50 py-16 sm:py-24">
      <Container className="grid items-center gap-12 lg:grid-cols-5">
        <div className="lg:col-span-2">
          <SectionHeading
            id="showcase-title"
            align="left"
            eyebrow={SHOWCASE.eyebrow}
            title={SHOWCASE.title}
            lead={SHOWCASE.lead}
          />
          <div className="mt-8">
            <CheckList items={SHOWCASE.points} />
          </div>
        </div>
        <div className="lg:col-span-3">
          <DashboardIllustration />
        </div>
      </Container>
    </section>
  );
}
