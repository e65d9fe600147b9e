import { PAGE_LINKS } from "./navigation";
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
    PAGE_LINKS.propertyManagement,
    PAGE_LINKS.landlords,
    PAGE_LINKS.hoa,
    PAGE_LINKS.faqs,
    PAGE_LINKS.contact,
  ],
} as const;
