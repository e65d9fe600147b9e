import type { Route } from "./+types/request-demo";
import { DemoForm } from "../features/capture/demo-form";
import { LeadCaptureLayout } from "../features/site/lead-capture-layout";
import { PageHero } from "../features/site/page-hero";
import { pageMeta } from "../features/site/seo";
import { DEMO_BENEFITS, DEMO_FORM_COPY, DEMO_HERO, DEMO_SEO, DEMO_TOPICS } from "../content/request-demo";

export const meta: Route.MetaFunction = () => pageMeta({ ...DEMO_SEO, path: "/request-demo" });

export default function RequestDemoPage() {
  return (
    <>
      <PageHero {...DEMO_HERO} />
      <LeadCaptureLayout
        benefits={DEMO_BENEFITS}
        form={{ ...DEMO_FORM_COPY, element: <DemoForm /> }}
        included={DEMO_TOPICS}
      />
    </>
  );
}
