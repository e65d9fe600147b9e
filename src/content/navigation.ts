import type { LinkAction } from "./types";

/** The public pages as the menus and the 404 page name them: each page's label and address, once. */
export const PAGE_LINKS = {
  home: { label: "Home", to: "/" },
  about: { label: "About", to: "/about" },
  propertyManagement: { label: "Property Management", to: "/property-management" },
  hoa: { label: "HOA", to: "/hoa" },
  landlords: { label: "Landlords", to: "/landlords" },
  contact: { label: "Contact", to: "/contact" },
  faqs: { label: "FAQs", to: "/faqs" },
  privacy: { label: "Privacy", to: "/privacy" },
  terms: { label: "Terms", to: "/terms" },
  requestDemo: { label: "Request a Demo", to: "/request-demo" },
} as const satisfies Record<string, LinkAction>;

const { home, about, propertyManagement, hoa, landlords, contact, faqs, privacy, terms, requestDemo } = PAGE_LINKS;

export const PRIMARY_NAV: readonly LinkAction[] = [home, about, propertyManagement, hoa, landlords, contact];

export const GET_STARTED: LinkAction = { label: "Get Started", to: "/signup" };

export interface FooterColumn {
  heading: string;
  links: readonly LinkAction[];
}

export const FOOTER_COLUMNS: readonly FooterColumn[] = [
  { heading: "Solutions", links: [propertyManagement, landlords, hoa] },
  { heading: "Company", links: [about, contact, privacy, terms] },
  { heading: "Support", links: [faqs, { label: "Help Center", to: "/contact" }, requestDemo] },
];

export const ADMIN_LOGIN: LinkAction = { label: "Admin Login", to: "/admin/login" };
