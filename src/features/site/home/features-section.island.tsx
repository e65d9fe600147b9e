import { Container } from "../../../components/ui/container";
import { HOME_FEATURES } from "../../../content/home-features";
import { HOME_FEATURES_INTRO } from "../../../content/home";
import { IconCardGrid } from "../icon-card-grid";
import { SectionHeading } from "../section-heading";

export function FeaturesSectionBody() {
  return (
    <section id="features" aria-labelledby="features-title" className="bg-slate-50 py-16 sm:py-24">
      <Container>
        <SectionHeading id="features-title" {...HOME_FEATURES_INTRO} />
        <div className="mt-14">
          <IconCardGrid items={HOME_FEATURES} columns={4} />
        </div>
      </Container>
    </section>
  );
}
