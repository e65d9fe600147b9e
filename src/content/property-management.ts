import {
  BellRing,
  Brain,
  Building2,
  ChartColumn,
  FileSignature,
  IdCard,
  Plug,
  Users,
  Wallet,
  Wrench,
  ShieldCheck,
} from "lucide-react";
import { BRAND } from "../config/brand";
import type { AudiencePageCopy, BenefitsCopy, IconCard, PageHeroCopy, SeoCopy, Step } from "./types";

const PM_SEO: SeoCopy = {
  title: "Property Management Software",
  description: `Run a growing rental portfolio from one platform: rent collection, arrears, tenant screening, maintenance and owner reporting. ${BRAND.name} scales from 5 to 5,000 units.`,
};

const PM_HERO: PageHeroCopy = {
  eyebrow: "For property management companies and agencies",
  title: "Manage more doors with the team you already have",
  lead: `${BRAND.name} automates the busywork of residential and commercial portfolios, from the first viewing to the monthly owner statement, and scales from 5 to 5,000 units.`,
};

const PM_FEATURES_INTRO = {
  eyebrow: "Built for agencies",
  title: "Every part of the rental cycle, connected",
  lead: "Stop copying data between spreadsheets, banking portals and email. Each step feeds the next.",
} as const;

const PM_FEATURES: readonly IconCard[] = [
  {
    icon: Building2,
    title: "Portfolio overview",
    description: "Buildings, units, owners and leases in one searchable register with occupancy at a glance.",
  },
  {
    icon: Wallet,
    title: "Automated rent collection",
    description:
      "Invoices, debit orders and payment matching run themselves every month, reconciled against your bank feed.",
  },
  {
    icon: BellRing,
    title: "Arrears management",
    description:
      "Escalating reminders, payment plans and letters of demand, tracked per tenant with a full audit trail.",
  },
  {
    icon: IdCard,
    title: "Tenant screening",
    description: "Credit checks, ID verification and affordability scoring in one online application.",
  },
  {
    icon: Wrench,
    title: "Maintenance workflows",
    description:
      "Tenants log requests with photos; you assign contractors, approve quotes and track each job to completion.",
  },
  {
    icon: ChartColumn,
    title: "Owner reporting",
    description: "Branded monthly statements and portfolio reports, sent to every owner automatically.",
  },
  {
    icon: FileSignature,
    title: "Leases and renewals",
    description: "Lease templates, e-signatures, escalations and renewal reminders months ahead of expiry.",
  },
  {
    icon: Users,
    title: "Team roles",
    description:
      "Portfolio managers, accountants and field staff each see exactly what they need, with permissions to match.",
  },
  {
    icon: Plug,
    title: "Integrations and open API",
    description: "Connect accounting packages, banks and payment gateways, or build your own workflows on our API.",
  },
];

const PM_STEPS_INTRO = {
  eyebrow: "Up and running in days, not months",
  title: "How switching works",
} as const;

const PM_STEPS: readonly Step[] = [
  {
    title: "Import your portfolio",
    description:
      "Upload your property, tenant and owner lists from a spreadsheet or your current system; we map the fields with you.",
  },
  {
    title: "Connect your accounts",
    description:
      "Link your trust account bank feed and payment gateway so collections reconcile from the first rent run.",
  },
  {
    title: "Invite your team and tenants",
    description:
      "Set roles for staff and send tenants their portal invitations. Setup takes 5 to 10 minutes per portfolio.",
  },
];

const PM_BENEFITS = {
  eyebrow: "Why agencies switch",
  title: "Less admin, happier owners, fewer arrears",
  lead: "The platform takes on the repetitive work so your team can focus on relationships and growth.",
  items: [
    "Month-end reconciliation in hours instead of days",
    "Arrears flagged the morning a payment is missed",
    "Owners get statements on time, every time",
    "Tenants self-serve payments, statements and requests",
    "A full audit trail for every rand and every message",
    "POPIA-ready consent and access controls",
  ],
  highlights: [
    {
      icon: Brain,
      title: "AI that does the first draft",
      description: "Suggested arrears actions, draft tenant messages and vacancy forecasts, ready for your review.",
    },
    {
      icon: ShieldCheck,
      title: "99.9% uptime",
      description: "Resilient hosting, daily backups and SOC 2 compliant controls keep your data safe and available.",
    },
  ],
} satisfies BenefitsCopy;

const PM_CTA = {
  title: "See how many hours your team could win back",
  body: "Book a personalised demo and we'll walk through your portfolio, your workflows and your numbers.",
  primary: { label: "Request a Demo", to: "/request-demo" },
  secondary: { label: "Start Free Trial", to: "/signup" },
} as const;

export const PM_PAGE: AudiencePageCopy = {
  seo: PM_SEO,
  hero: PM_HERO,
  heroActions: {
    primary: { label: "Request a Demo", to: "/request-demo" },
    secondary: { label: "Start Free Trial", to: "/signup" },
  },
  heroNote: "30-day free trial · No credit card · No setup fees on standard plans",
  featuresIntro: PM_FEATURES_INTRO,
  features: PM_FEATURES,
  benefits: PM_BENEFITS,
  stepsIntro: PM_STEPS_INTRO,
  steps: PM_STEPS,
  cta: PM_CTA,
};
