import type { Route } from "./+types/faqs";
import { Container } from "../components/ui/container";
import { CtaBand } from "../features/site/cta-band";
import { FaqBrowser } from "../features/site/faq/faq-browser";
import { FaqJsonLd } from "../features/site/faq/faq-json-ld";
import { PageHero } from "../features/site/page-hero";
import { pageMeta } from "../features/site/seo";
import { FAQ_CLOSING, FAQ_GROUPS, FAQ_HERO, FAQ_SEO } from "../content/faqs";

export const meta: Route.MetaFunction = () => pageMeta({ ...FAQ_SEO, path: "/faqs" });

export default function FaqsPage() {
  return (
    <>
      <PageHero {...FAQ_HERO} />
      <section aria-label="Questions and answers" className="bg-white pb-8">
        <Container>
          <FaqBrowser groups={FAQ_GROUPS} />
        </Container>
      </section>
      <FaqJsonLd groups={FAQ_GROUPS} />
      <CtaBand
        title={FAQ_CLOSING.title}
        body={FAQ_CLOSING.body}
        primary={FAQ_CLOSING.contact}
        secondary={FAQ_CLOSING.demo}
      />
    </>
  );
}
