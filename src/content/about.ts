import { Globe, HeartHandshake, Lightbulb, ShieldCheck } from "lucide-react";
import { BRAND } from "../config/brand";
import type { CtaCopy, HeroActions, IconCard, PageHeroCopy, SectionIntro, SeoCopy } from "./types";

export const ABOUT_SEO: SeoCopy = {
  title: "About Us",
  description: `${BRAND.name} is a South African property technology company building AI-powered property management software for Africa and beyond. Meet our founder and our mission.`,
};

export const ABOUT_HERO: PageHeroCopy = {
  eyebrow: `About ${BRAND.name}`,
  title: "Building the operating system for African property",
  lead: `An "erf" is a plot of land, the starting point of every home and every building. We started ${BRAND.name} to give the people who look after those properties software that works as hard as they do.`,
};

export const ABOUT_HERO_ACTIONS: HeroActions = {
  primary: { label: "Get in Touch", to: "/contact" },
  secondary: { label: "Start Free Trial", to: "/signup" },
};

export const ABOUT_STORY = {
  eyebrow: "Our story",
  title: "Born from a shoebox of receipts",
  paragraphs: [
    `${BRAND.name} began in Cape Town, where our founder watched property managers reconcile rent from bank statements, chase arrears by phone and send owner reports by hand at midnight. The tools they had were built for other markets, priced in other currencies and blind to local realities like debit-order runs, levy schedules and POPIA.`,
    "So we built the platform we wished existed: one place for rent, tenants, maintenance, levies and reporting, with AI that takes the first pass at the repetitive work. It is designed in South Africa and built to serve property markets across the continent and beyond.",
  ],
  facts: [
    { label: "Founded", value: "Cape Town" },
    { label: "Built for", value: "5 to 5,000 units" },
    { label: "Platform uptime", value: "99.9%" },
  ],
} as const;

export const ABOUT_MISSION = {
  title: "Our mission",
  body: "To make professional property management accessible to every landlord, agency and community association in Africa, so that homes are better cared for and rental markets work better for everyone.",
} as const;

export const ABOUT_VALUES_INTRO: SectionIntro = {
  eyebrow: "What we value",
  title: "The principles behind the product",
};

export const ABOUT_VALUES: readonly IconCard[] = [
  {
    icon: HeartHandshake,
    title: "Customers first",
    description:
      "We build with property managers, landlords and trustees, not just for them. Every feature starts with a real problem.",
  },
  {
    icon: ShieldCheck,
    title: "Trust by design",
    description:
      "Rent money and personal information deserve care. Security and POPIA compliance are built in, never bolted on.",
  },
  {
    icon: Lightbulb,
    title: "Useful AI",
    description:
      "AI should save time and explain itself. We use it to draft, forecast and flag, with people making the decisions.",
  },
  {
    icon: Globe,
    title: "Local first, global ready",
    description: "Built for South African realities and designed to scale to new markets, currencies and regulations.",
  },
];

export const ABOUT_FOUNDER = {
  eyebrow: "Leadership",
  title: "Meet our founder",
  bio: `${BRAND.founder.name} founded ${BRAND.name} after years working alongside property managers and landlords and seeing how much of their week disappeared into admin. As ${BRAND.founder.title}, ${BRAND.founder.name.split(" ")[0]} leads the company's product vision and its mission to bring world-class property technology to African markets.`,
  quote:
    "Property managers should spend their time with people and properties, not spreadsheets. That's the job we built this platform to do.",
} as const;

export const ABOUT_CTA: CtaCopy = {
  title: "Let's talk about your properties",
  body: "Whether you manage five units or five thousand, we'd love to hear how you work today.",
  primary: { label: "Contact Us", to: "/contact" },
  secondary: { label: "Request a Demo", to: "/request-demo" },
};
