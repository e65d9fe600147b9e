import { LockOpen, Rocket, ShieldCheck } from "lucide-react";
import { BRAND } from "../config/brand";
import type { IconCard, PageHeroCopy, SeoCopy } from "./types";

export const SIGNUP_SEO: SeoCopy = {
  title: "Start Your Free Trial",
  description: `Start a 30-day free trial of ${BRAND.name}, with no credit card required. Tell us about your business and get a personalised demo and pricing.`,
};

export const SIGNUP_HERO: PageHeroCopy = {
  eyebrow: "30-day free trial · No credit card required",
  title: "Start managing smarter today",
  lead: `Tell us about your business and we'll set up your ${BRAND.name} trial, with a personalised demo and a quote sized to your portfolio.`,
};

export const SIGNUP_BENEFITS: readonly IconCard[] = [
  {
    icon: Rocket,
    title: "Quick Setup",
    description: "Be up and running in 5 to 10 minutes. Import your properties and invite your team straight away.",
  },
  {
    icon: LockOpen,
    title: "No Commitments",
    description:
      "Try everything free for 30 days with no credit card. Cancel anytime, and no setup fees on standard plans.",
  },
  {
    icon: ShieldCheck,
    title: "Enterprise Security",
    description: "Encryption, role-based access, SOC 2 compliant controls and POPIA and GDPR compliance as standard.",
  },
];

export const SIGNUP_FORM_COPY = {
  title: "Tell Us About Your Business",
  body: `A few details help us tailor your trial and pricing. We'll be in touch within ${BRAND.responseTime}.`,
} as const;

export const SIGNUP_INCLUDES = {
  title: "What you get",
  items: [
    "30 days of full platform access, free",
    "A personalised demo for your portfolio",
    "A custom quote sized to your properties",
    "Guided import of properties and tenants",
    "Automated rent collection and reminders",
    "Tenant and owner portals from day one",
    "AI insights on arrears and vacancies",
    `Support from our team, ${BRAND.hours}`,
  ],
} as const;
