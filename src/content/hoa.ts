import {
  CalendarDays,
  ChartPie,
  FileText,
  Landmark,
  Megaphone,
  Receipt,
  ShieldCheck,
  Users,
  Vote,
  Wrench,
} from "lucide-react";
import { BRAND } from "../config/brand";
import type {
  AudiencePageCopy,
  BenefitsCopy,
  CtaCopy,
  IconCard,
  PageHeroCopy,
  SectionIntro,
  SeoCopy,
  Step,
} from "./types";

const HOA_SEO: SeoCopy = {
  title: "HOA & Body Corporate Management Software",
  description: `Levy billing, owner communication, maintenance and trustee reporting for homeowners' associations, estates and sectional-title schemes, in one platform from ${BRAND.name}.`,
};

const HOA_HERO: PageHeroCopy = {
  eyebrow: "For HOAs, estates and body corporates",
  title: "Run your community with clarity, not spreadsheets",
  lead: "Bill levies, keep owners informed and give trustees the reports they need, all from one platform built for community associations.",
};

const HOA_FEATURES_INTRO: SectionIntro = {
  eyebrow: "HOA features",
  title: "Everything your association needs",
  lead: "Designed with managing agents and trustees of estates, complexes and sectional-title schemes.",
};

const HOA_FEATURES: readonly IconCard[] = [
  {
    icon: Receipt,
    title: "Levy billing",
    description:
      "Raise monthly and special levies per unit or participation quota, with automatic statements to every owner.",
  },
  {
    icon: Landmark,
    title: "Collections and reconciliation",
    description: "Match payments from your bank feed, track arrears and send escalating reminders automatically.",
  },
  {
    icon: ChartPie,
    title: "Budgets and financial reports",
    description: "Compare spend against budget, track reserve funds and produce trustee packs in a click.",
  },
  {
    icon: Megaphone,
    title: "Owner communication",
    description: "Send notices, newsletters and urgent alerts by email and SMS, all logged per owner.",
  },
  {
    icon: Wrench,
    title: "Common-area maintenance",
    description: "Log and schedule work on gates, gardens, pools and roofs, with contractor quotes and approvals.",
  },
  {
    icon: Vote,
    title: "Meetings and resolutions",
    description: "Prepare AGM packs, record attendance and keep an auditable record of resolutions.",
  },
  {
    icon: FileText,
    title: "Document library",
    description: "Conduct rules, minutes, insurance schedules and plans, shared with the right owners.",
  },
  {
    icon: Users,
    title: "Owner and resident portal",
    description: "Owners see their statements, pay levies and log requests; residents stay in the loop.",
  },
  {
    icon: ShieldCheck,
    title: "POPIA-compliant records",
    description: "Role-based access, consent records and audit trails protect every owner's personal information.",
  },
];

const HOA_BENEFITS: BenefitsCopy = {
  eyebrow: "Why associations choose us",
  title: "Transparent for owners, effortless for trustees",
  lead: "Good governance is easier when the numbers and the paper trail are always up to date.",
  items: [
    "Levies billed and reconciled without manual capture",
    "Arrears visible to trustees in real time",
    "Owners informed with one message, not fifty emails",
    "Maintenance history kept for every common area",
    "Audit-ready records at year end",
    "Works for small complexes and large estates alike",
  ],
  highlights: [
    {
      icon: CalendarDays,
      title: "AGM season, sorted",
      description: "Financial statements, budgets and notices generated from the data you already have.",
    },
    {
      icon: ShieldCheck,
      title: "Secure and compliant",
      description: "POPIA and GDPR aligned, SOC 2 compliant controls and 99.9% uptime.",
    },
  ],
};

const HOA_STEPS_INTRO: SectionIntro = { eyebrow: "Getting started", title: "Moving your association across" };

const HOA_STEPS: readonly Step[] = [
  {
    title: "Import units and owners",
    description: "Bring in your unit register, participation quotas and owner contacts from a spreadsheet.",
  },
  {
    title: "Set levies and budgets",
    description: "Configure levy schedules, special levies and this year's budget with our onboarding team.",
  },
  {
    title: "Invite trustees and owners",
    description: "Trustees get their dashboards, owners get portal access, and the next levy run goes out on time.",
  },
];

const HOA_CTA: CtaCopy = {
  title: "See how it works for your association",
  body: "Book a personalised demo for your trustees or managing agent, or ask us anything.",
  primary: { label: "Book a Demo", to: "/request-demo" },
  secondary: { label: "Contact Us", to: "/contact" },
};

export const HOA_PAGE: AudiencePageCopy = {
  seo: HOA_SEO,
  hero: HOA_HERO,
  heroActions: {
    primary: { label: "Book a Demo", to: "/request-demo" },
    secondary: { label: "Explore HOA Features", scrollsTo: "features" },
  },
  heroNote: "Free 30-day trial for your association · No setup fees on standard plans",
  featuresIntro: HOA_FEATURES_INTRO,
  features: HOA_FEATURES,
  benefits: HOA_BENEFITS,
  stepsIntro: HOA_STEPS_INTRO,
  steps: HOA_STEPS,
  cta: HOA_CTA,
};
