import type { LinkAction } from "./types";

export const PRIMARY_NAV: readonly LinkAction[] = [
  { label: "Home", to: "/" },
  { label: "About", to: "/about" },
  { label: "Property Management", to: "/property-management" },
  { label: "HOA", to: "/hoa" },
  { label: "Landlords", to: "/landlords" },
  { label: "Contact", to: "/contact" },
];

export const GET_STARTED: LinkAction = { label: "Get Started", to: "/signup" };

export interface FooterColumn {
  heading: string;
  links: readonly LinkAction[];
}

export const FOOTER_COLUMNS: readonly FooterColumn[] = [
  {
    heading: "Solutions",
    links: [
      { label: "Property Management", to: "/property-management" },
      { label: "Landlords", to: "/landlords" },
      { label: "HOA", to: "/hoa" },
    ],
  },
  {
    heading: "Company",
    links: [
      { label: "About", to: "/about" },
      { label: "Contact", to: "/contact" },
      { label: "Privacy", to: "/privacy" },
      { label: "Terms", to: "/terms" },
    ],
  },
  {
    heading: "Support",
    links: [
      { label: "FAQs", to: "/faqs" },
      { label: "Help Center", to: "/contact" },
      { label: "Request a Demo", to: "/request-demo" },
    ],
  },
];

export const ADMIN_LOGIN: LinkAction = { label: "Admin Login", to: "/admin/login" };
