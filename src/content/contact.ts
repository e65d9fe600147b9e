import { BRAND } from "../config/brand";
import type { PageHeroCopy, SeoCopy } from "./types";

export const CONTACT_SEO: SeoCopy = {
  title: "Contact Us",
  description: `Talk to the ${BRAND.name} team about property management software, pricing or support. Email, phone, or send us a message; we reply within ${BRAND.responseTime}.`,
};

export const CONTACT_HERO: PageHeroCopy = {
  eyebrow: "Contact",
  title: "We'd love to hear from you",
  lead: `Questions about the platform, pricing or your account? Send us a message and a real person will reply within ${BRAND.responseTime}.`,
};

export const CONTACT_FORM_COPY = {
  title: "Send us a message",
  body: `Tell us a little about your portfolio and what you need, and we will reply within ${BRAND.responseTime}.`,
} as const;

export const CONTACT_CHANNELS = [
  { label: "General enquiries", email: BRAND.emails.hello },
  { label: "Sales", email: BRAND.emails.sales },
  { label: "Customer support", email: BRAND.emails.support },
  { label: "Privacy and data requests", email: BRAND.emails.privacy },
] as const;

export const CONTACT_FAQ_INTRO = {
  title: "Quick answers",
  lead: "A few things people often ask before getting in touch.",
  more: { label: "See all FAQs", to: "/faqs" },
} as const;

export const CONTACT_FAQS = [
  {
    question: "How quickly will you reply?",
    answer: `Within ${BRAND.responseTime}, and usually much sooner during business hours.`,
  },
  {
    question: "Can I try it before I buy?",
    answer: "Yes. Every plan starts with a 30-day free trial, and no credit card is needed.",
  },
  {
    question: "Can I get a personalised demo?",
    answer: "Absolutely. Request a demo and we'll tailor the walkthrough to your portfolio.",
  },
  {
    question: "Do you help with migration?",
    answer: "Yes. Our onboarding team helps import your properties, tenants and balances.",
  },
] as const;
