import { BellRing, ChartColumn, FileSignature, IdCard, PiggyBank, Smartphone, Wallet, Wrench } from "lucide-react";
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

const LANDLORDS_SEO: SeoCopy = {
  title: "Software for Landlords",
  description: `Collect rent on time, screen tenants properly and keep every property in shape. ${BRAND.name} gives individual landlords the tools of a professional agency.`,
};

const LANDLORDS_HERO: PageHeroCopy = {
  eyebrow: "For individual landlords and investors",
  title: "Your rentals, handled, without the late-night admin",
  lead: `Whether you own one flat or forty, ${BRAND.name} collects the rent, chases arrears, screens applicants and keeps your paperwork in order.`,
};

const LANDLORDS_FEATURES_INTRO: SectionIntro = {
  eyebrow: "Everything a landlord needs",
  title: "Professional tools, sized for your portfolio",
  lead: "No spreadsheets, no missed escalations, no chasing payments by text message.",
};

const LANDLORDS_FEATURES: readonly IconCard[] = [
  {
    icon: Wallet,
    title: "Rent on autopilot",
    description: "Monthly invoices and debit orders go out by themselves, and payments are matched to the right lease.",
  },
  {
    icon: BellRing,
    title: "Gentle, persistent reminders",
    description: "Tenants get polite reminders before and after the due date; you only step in when it matters.",
  },
  {
    icon: IdCard,
    title: "Tenant screening",
    description: "Check credit, ID and affordability before you hand over the keys, all from one online application.",
  },
  {
    icon: FileSignature,
    title: "Digital leases",
    description: "Lease templates with annual escalations and renewal reminders, signed electronically.",
  },
  {
    icon: Wrench,
    title: "Maintenance made simple",
    description: "Tenants report issues with photos; you approve quotes and track the job from your phone.",
  },
  {
    icon: ChartColumn,
    title: "Income and tax-ready reports",
    description: "See income, expenses and yield per property, and export a clean statement for your accountant.",
  },
];

const LANDLORDS_BENEFITS: BenefitsCopy = {
  eyebrow: "Why landlords choose us",
  title: "Spend less time managing and more time investing",
  lead: "Keep the control of self-managing with the peace of mind of a professional system.",
  items: [
    "Know who has paid, and who hasn't, at a glance",
    "Keep every lease, inspection and invoice in one place",
    "Screen applicants properly in minutes, not days",
    "Stay on the right side of POPIA with tenant data",
    "Works for one property or a growing portfolio",
    "Set up in 5 to 10 minutes, with no setup fees",
  ],
  highlights: [
    {
      icon: PiggyBank,
      title: "Fewer empty months",
      description: "Renewal reminders and listing tools help you fill vacancies before they cost you.",
    },
    {
      icon: Smartphone,
      title: "A portal your tenants will use",
      description: "Tenants pay, download statements and report issues themselves, any time of day.",
    },
  ],
};

const LANDLORDS_STEPS_INTRO: SectionIntro = {
  eyebrow: "Simple from day one",
  title: "Three steps to calmer renting",
};

const LANDLORDS_STEPS: readonly Step[] = [
  {
    title: "Add your properties",
    description: "Enter each property and lease, or upload a spreadsheet. Most landlords finish in under ten minutes.",
  },
  {
    title: "Invite your tenants",
    description: "Tenants get a portal invitation to set up payment and see their lease and statements.",
  },
  {
    title: "Let the platform run",
    description: "Invoices, reminders and reports happen on schedule; you get a monthly summary.",
  },
];

const LANDLORDS_CTA: CtaCopy = {
  title: "Try it on your own properties, free for 30 days",
  body: "No credit card and no commitment. Prefer a guided tour? Book a demo or ask us anything.",
  primary: { label: "Start Free Trial", to: "/signup" },
  secondary: { label: "Contact Us", to: "/contact" },
};

export const LANDLORDS_PAGE: AudiencePageCopy = {
  seo: LANDLORDS_SEO,
  hero: LANDLORDS_HERO,
  heroActions: {
    primary: { label: "Start Free Trial", to: "/signup" },
    secondary: { label: "Request a Demo", to: "/request-demo" },
  },
  heroNote: "30-day free trial · No credit card required",
  featuresIntro: LANDLORDS_FEATURES_INTRO,
  features: LANDLORDS_FEATURES,
  benefits: LANDLORDS_BENEFITS,
  stepsIntro: LANDLORDS_STEPS_INTRO,
  steps: LANDLORDS_STEPS,
  cta: LANDLORDS_CTA,
};
