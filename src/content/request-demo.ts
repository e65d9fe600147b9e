import { CalendarClock, MessagesSquare, Target } from "lucide-react";
import { BRAND } from "../config/brand";
import type { IconCard, PageHeroCopy, SeoCopy } from "./types";

export const DEMO_SEO: SeoCopy = {
  title: "Request a Demo",
  description: `Book a free, personalised demo of ${BRAND.name}'s AI-powered property management platform. We'll tailor it to your portfolio and answer every question.`,
};

export const DEMO_HERO: PageHeroCopy = {
  eyebrow: "Free personalised demo",
  title: "See the platform in action",
  lead: `A product specialist will walk you through ${BRAND.name} using scenarios from your own portfolio, and answer every question along the way.`,
};

export const DEMO_BENEFITS: readonly IconCard[] = [
  {
    icon: Target,
    title: "Tailored to you",
    description: "We focus on your property types, portfolio size and the challenges you tell us about.",
  },
  {
    icon: CalendarClock,
    title: "30 minutes, your schedule",
    description: `Pick a time that suits you. We'll confirm within ${BRAND.responseTime}.`,
  },
  {
    icon: MessagesSquare,
    title: "Expert answers",
    description: "Bring your questions on pricing, migration, integrations and compliance.",
  },
];

export const DEMO_FORM_COPY = {
  title: "Schedule Your Demo",
  body: `Share a few details and we'll contact you within ${BRAND.responseTime} to book a time.`,
} as const;

export const DEMO_TOPICS = {
  title: "What we'll cover",
  items: [
    "Portfolio setup and data import",
    "Automated rent collection and arrears tracking",
    "Tenant screening and ID verification",
    "Maintenance requests and contractor workflows",
    "Tenant and owner portals",
    "HOA levy billing and trustee reporting",
    "Landlord and owner reports",
    "Integrations with accounting, banking and payment gateways",
    "Security, POPIA and GDPR compliance",
  ],
} as const;
