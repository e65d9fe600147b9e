import { BRAND } from "../config/brand";
import type { LinkAction, SeoCopy } from "./types";

export const HOME_SEO: SeoCopy = {
  title: "AI-Powered Property Management Software",
  description: `AI-powered property management from South Africa: rent collection, tenant screening, maintenance, HOA levies and reporting in one place. Try ${BRAND.name} free for 30 days.`,
};

export const HOME_HERO = {
  eyebrow: "Built in South Africa, for Africa and beyond",
  title: "Property management that runs itself",
  highlight: "runs itself",
  lead: `${BRAND.name} brings rent collection, tenant screening, maintenance and HOA levies into one AI-powered platform, so you spend less time chasing and more time growing.`,
  watchDemo: { label: "Watch Demo", to: "/request-demo" } satisfies LinkAction,
  assurances: ["30-day free trial", "No credit card required", "Set up in 5 to 10 minutes"],
} as const;

/** The small cards floating beside the hero: sample figures, not live data. */
export const HERO_SNAPSHOT = {
  label: "Sample portfolio snapshot",
  collected: { label: "Rent collected this month", value: "R 482 300", change: "+12% vs last month" },
  insight: { label: "AI insight", text: "3 leases in Sea Point renew next month. Send renewal offers now?" },
  tickets: { label: "Open maintenance jobs", value: "4", detail: "2 scheduled today" },
} as const;

export const HOME_FEATURES_INTRO = {
  eyebrow: "Everything in one place",
  title: "One platform for your whole portfolio",
  lead: "Twelve tools that used to live in spreadsheets, inboxes and three different apps, working together.",
} as const;

export const HOME_TRIAL_CTA = {
  title: "See the difference in your first week",
  body: "Import your properties, invite your team and collect your first rent run with a full 30-day free trial. No credit card, no setup fees.",
  primary: { label: "Start Free Trial", to: "/signup" },
  secondary: { label: "Watch Demo", to: "/request-demo" },
} as const;

export interface Metric {
  value: string;
  label: string;
  detail: string;
}

export const GROWTH = {
  eyebrow: "Grow with confidence",
  title: `What teams aim for with ${BRAND.name}`,
  lead: "Automation takes the repetitive work off your desk, and the time goes back into service and growth.",
  metrics: [
    { value: "300%", label: "Growth", detail: "Portfolio growth without adding admin staff" },
    { value: "15 hrs", label: "Saved weekly", detail: "Less time reconciling, chasing and reporting" },
    { value: "23%", label: "Revenue boost", detail: "From fewer arrears and shorter vacancies" },
    { value: "95%", label: "Match success", detail: "Tenant applications matched to the right unit" },
  ] satisfies Metric[],
} as const;

export const STATS = {
  title: "Illustrative platform figures",
  stats: [
    { value: "1,247", label: "Properties" },
    { value: "98.7%", label: "Collection rate" },
    { value: "4.8", label: "Satisfaction (out of 5)" },
    { value: "12 days", label: "Average vacancy" },
  ],
  disclaimer: "Illustrative marketing figures, not live data.",
} as const;

export const DEMO_BANNER = {
  title: "See it with your own portfolio",
  body: "Book a free 30-minute walkthrough with a product specialist. We'll tailor it to your properties and answer every question.",
  action: { label: "Schedule a Demo", to: "/request-demo" } satisfies LinkAction,
} as const;

export const SHOWCASE = {
  eyebrow: "Your command centre",
  title: "A dashboard that tells you what needs attention",
  lead: "Collections, arrears, vacancies and maintenance on one screen, with AI highlighting what to do next.",
  points: [
    "Live collection progress for every rent run",
    "Arrears ranked by risk, with one-click reminders",
    "Vacancy forecasts before notices are even given",
    "Maintenance jobs by status, contractor and cost",
  ],
} as const;

export const EARLY_ACCESS = {
  eyebrow: "Testimonials",
  title: "What our customers say",
  lead: "We're new, and we'd rather show you the product than invent quotes. Our first customers' stories will appear here.",
  card: {
    title: "Be among our first customers",
    body: "Join the early-access programme and help shape the platform. Early-access customers get:",
    perks: [
      "A dedicated onboarding specialist",
      "Direct input into our product roadmap",
      "Founding-customer pricing, locked in",
    ],
    action: { label: "Join early access", to: "/signup" } satisfies LinkAction,
  },
} as const;

export const NEWSLETTER = {
  title: "Stay ahead in property management",
  body: "Monthly insights on rental trends, regulation and the product, for landlords, managers and trustees. No spam; unsubscribe anytime.",
} as const;

export const CLOSING_CTA = {
  title: "Ready to transform how you manage property?",
  body: "Leave your email and we'll send you everything you need to get started, plus our latest insights.",
} as const;

export const PROMO = {
  eyebrow: "Limited offer",
  title: "Try it free for 30 days",
  body: "Full access, no credit card. Or book a quick demo first.",
} as const;
