import type { SeoCopy } from "./types";

export const NOT_FOUND_SEO: SeoCopy = {
  title: "Page Not Found",
  description: "The page you were looking for does not exist or has moved.",
};

export const NOT_FOUND_COPY = {
  code: "404",
  title: "Oops! Page not found",
  body: "The page you're looking for doesn't exist or may have moved. Let's get you back on track.",
  home: { label: "Return to Home", to: "/" },
  suggestionsTitle: "Popular pages",
  suggestions: [
    { label: "Property Management", to: "/property-management" },
    { label: "Landlords", to: "/landlords" },
    { label: "HOA", to: "/hoa" },
    { label: "FAQs", to: "/faqs" },
    { label: "Contact", to: "/contact" },
  ],
} as const;
