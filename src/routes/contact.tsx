import type { Route } from "./+types/contact";
import { Container } from "../components/ui/container";
import { ContactForm } from "../features/capture/contact-form";
import { ContactDetails } from "../features/site/contact/contact-details";
import { ContactFaqCards } from "../features/site/contact/contact-faq-cards";
import { FormCard } from "../features/site/form-card";
import { PageHero } from "../features/site/page-hero";
import { pageMeta } from "../features/site/seo";
import { CONTACT_FORM_COPY, CONTACT_HERO, CONTACT_SEO } from "../content/contact";

export const meta: Route.MetaFunction = () => pageMeta({ ...CONTACT_SEO, path: "/contact" });

export default function ContactPage() {
  return (
    <>
      <PageHero {...CONTACT_HERO} />
      <div className="bg-white pb-16 sm:pb-24">
        <Container className="grid gap-8 lg:grid-cols-3">
          <FormCard
            className="lg:col-span-2"
            titleId="contact-form-title"
            title={CONTACT_FORM_COPY.title}
            description={CONTACT_FORM_COPY.body}
          >
            <ContactForm />
          </FormCard>
          <ContactDetails />
        </Container>
      </div>
      <ContactFaqCards />
    </>
  );
}
