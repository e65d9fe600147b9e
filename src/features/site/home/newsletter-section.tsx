import type { ReactNode } from "react";
import { Container } from "../../../components/ui/container";
import { staticIsland } from "../static-island";
import { NewsletterIntroBody } from "./newsletter-section.island";

const NewsletterIntro = staticIsland("newsletter-intro", import.meta.env.SSR ? NewsletterIntroBody : null);

/** Newsletter card; the form itself is the capture feature's, passed in by the route. */
export function NewsletterSection({ form }: { form: ReactNode }) {
  return (
    <section aria-labelledby="newsletter-title" className="bg-slate-50 py-16 sm:py-20">
      <Container size="lg">
        <div className="grid items-center gap-8 rounded-3xl border border-slate-200 bg-white p-8 shadow-sm sm:p-10 lg:grid-cols-2">
          <NewsletterIntro />
          <div>{form}</div>
        </div>
      </Container>
    </section>
  );
}
