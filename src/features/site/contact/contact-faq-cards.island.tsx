import { Link } from "react-router";
import { Container } from "../../../components/ui/container";
import { CONTACT_FAQ_INTRO, CONTACT_FAQS } from "../../../content/contact";
import { SectionHeading } from "../section-heading";

export function ContactFaqCardsBody() {
  return (
    <section aria-labelledby="contact-faq-title" className="bg-slate-50 py-16 sm:py-20">
      <Container>
        <SectionHeading id="contact-faq-title" title={CONTACT_FAQ_INTRO.title} lead={CONTACT_FAQ_INTRO.lead} />
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {CONTACT_FAQS.map((faq) => (
            <li key={faq.question} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <h3 className="font-semibold text-slate-900">{faq.question}</h3>
              <p className="mt-2 text-slate-600">{faq.answer}</p>
            </li>
          ))}
        </ul>
        <p className="mt-10 text-center">
          <Link
            to={CONTACT_FAQ_INTRO.more.to}
            className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline-offset-2 hover:text-brand-800 hover:underline"
          >
            {CONTACT_FAQ_INTRO.more.label} →
          </Link>
        </p>
      </Container>
    </section>
  );
}
