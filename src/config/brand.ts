// The one place the product's name and contact details live; change the brand here.
export const BRAND = {
  name: "Erf",
  legalName: "Erf Technologies (Pty) Ltd",
  tagline: "AI-powered property management, built in South Africa for Africa and beyond",
  description:
    "Erf is the AI-powered property management platform for property managers, landlords and HOAs: rent collection, tenant screening, maintenance, levy billing and reporting in one place.",
  founder: { name: "Thabo Nkosi", title: "Founder & CEO" },
  emails: {
    hello: "hello@erf.co.za",
    support: "support@erf.co.za",
    sales: "sales@erf.co.za",
    privacy: "privacy@erf.co.za",
  },
  phone: "+27 21 000 0000",
  address: "Cape Town, South Africa",
  hours: "SAST 6am - 8pm support 24hrs",
  responseTime: "24 hours",
  csvPrefix: "erf-data",
  copyrightYear: 2024,
  social: { twitter: "@erf_africa" },
} as const;
