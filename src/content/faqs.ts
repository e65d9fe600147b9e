import { BRAND } from "../config/brand";
import type { PageHeroCopy, SeoCopy } from "./types";

export interface FaqItem {
  /** Stable value for the accordion; also usable as an anchor. */
  id: string;
  question: string;
  answer: string;
}

export interface FaqGroup {
  id: string;
  title: string;
  items: readonly FaqItem[];
}

export const FAQ_SEO: SeoCopy = {
  title: "Frequently Asked Questions",
  description: `Answers about ${BRAND.name}: the 30-day free trial, pricing and plans, features, integrations, security, POPIA and GDPR compliance, and support.`,
};

export const FAQ_HERO: PageHeroCopy = {
  eyebrow: "FAQs",
  title: "Frequently asked questions",
  lead: "Everything you need to know about getting started, pricing, features and keeping your data safe.",
};

export const FAQ_GROUPS: readonly FaqGroup[] = [
  {
    id: "general",
    title: "General",
    items: [
      {
        id: "what-is",
        question: `What is ${BRAND.name}?`,
        answer: `${BRAND.name} is an AI-powered property management platform built in South Africa. It brings rent collection, arrears tracking, tenant screening, maintenance, HOA levy billing and owner reporting together in one place for property managers, landlords and homeowners' associations.`,
      },
      {
        id: "who-for",
        question: `Who is ${BRAND.name} for?`,
        answer:
          "Property management companies, real estate agencies, individual landlords, investors and HOAs or body corporates. The platform scales from 5 to 5,000 units, so it grows with your portfolio.",
      },
      {
        id: "setup-time",
        question: "How long does it take to get started?",
        answer:
          "Most customers are set up in 5 to 10 minutes: create your account, add or import your properties and invite your team. Larger portfolios can book a free onboarding session with our team.",
      },
    ],
  },
  {
    id: "pricing",
    title: "Pricing & Plans",
    items: [
      {
        id: "free-trial",
        question: "Is there a free trial?",
        answer:
          "Yes. Every plan starts with a 30-day free trial with full access to the features of that plan. No credit card is required to start.",
      },
      {
        id: "setup-fees",
        question: "Are there any setup fees?",
        answer:
          "There are no setup fees on our standard plans. Enterprise customers who need data migration or custom integrations receive a clear quote before any work starts.",
      },
      {
        id: "change-plans",
        question: "Can I change plans later?",
        answer:
          "Yes, you can upgrade or downgrade at any time. Plan changes are prorated, so you only pay the difference for the rest of your billing period.",
      },
    ],
  },
  {
    id: "features",
    title: "Features & Functionality",
    items: [
      {
        id: "integrations",
        question: "Does it integrate with my accounting software and bank?",
        answer:
          "Yes. We integrate with popular accounting packages, bank feeds and payment gateways, and offer an open API for custom workflows. Ask us about your specific tools during a demo.",
      },
      {
        id: "tenant-portal",
        question: "Do tenants and owners get their own access?",
        answer:
          "Yes. Tenants use a portal to pay rent, download statements and log maintenance requests. Owners and HOA trustees receive automated reports and can view their own portfolio data.",
      },
      {
        id: "ai",
        question: "What does the AI actually do?",
        answer:
          "It forecasts arrears and vacancies, suggests next actions, drafts tenant and owner messages and highlights unusual payments or costs. You always review and approve before anything is sent.",
      },
    ],
  },
  {
    id: "security",
    title: "Security & Support",
    items: [
      {
        id: "data-security",
        question: "How secure is my data?",
        answer:
          "Data is encrypted in transit and at rest, access is role-based and every action is logged. Our controls are SOC 2 compliant, and the platform runs with 99.9% uptime and daily backups.",
      },
      {
        id: "popia",
        question: "Are you POPIA and GDPR compliant?",
        answer:
          "Yes. We process personal information in line with South Africa's POPIA and the EU GDPR, with consent records, data-subject request tools and audit trails built in. See our privacy notice for details.",
      },
      {
        id: "support",
        question: "What support do you offer?",
        answer: `Support hours: ${BRAND.hours}, so urgent issues are covered around the clock. Email ${BRAND.emails.support}, call ${BRAND.phone} or use the contact form; we respond within ${BRAND.responseTime}.`,
      },
    ],
  },
];

export const FAQ_CLOSING = {
  title: "Still have questions?",
  body: "Our team is happy to help. Send us a message or see the platform in action with a personalised demo.",
  contact: { label: "Contact Us", to: "/contact" },
  demo: { label: "Request a Demo", to: "/request-demo" },
} as const;
