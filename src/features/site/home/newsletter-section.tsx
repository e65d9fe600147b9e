import { Mail } from "lucide-react";
import type { ReactNode } from "react";
import { Container } from "../../../components/ui/container";
import { NEWSLETTER } from "../../../content/home";

/** Newsletter card; the form itself is the capture feature's, passed in by the route. */
export function NewsletterSection({ form }: { form: ReactNode }) {
  return (
    <section aria-labelledby="newsletter-title" className="bg-slate-50 py-16 sm:py-20">
      <Container size="lg">
        <div className="grid items-center gap-8 rounded-3xl border border-slate-200 bg-white p-8 shadow-sm sm:p-10 lg:grid-cols-2">
          <div>
            <span className="inline-flex h-12 w-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
              <Mail aria-hidden="true" className="h-6 w-6" />
            </span>
            <h2 id="newsletter-title" className="mt-4 text-2xl font-bold text-slate-900 sm:text-3xl">
              {NEWSLETTER.title}
            </h2>
            <p className="mt-3 text-slate-600">{NEWSLETTER.body}</p>
          </div>
          <div>{form}</div>
        </div>
      </Container>
    </section>
  );
}
