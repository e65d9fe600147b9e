// Every public route that is prerendered to HTML, in sitemap order.
export const PUBLIC_PATHS = [
  "/",
  "/about",
  "/property-management",
  "/hoa",
  "/landlords",
  "/faqs",
  "/contact",
  "/signup",
  "/request-demo",
  "/privacy",
  "/terms",
] as const;

export type PublicPath = (typeof PUBLIC_PATHS)[number];

// The catch-all route is prerendered at this path; the server answers unknown paths with it and HTTP 404.
export const NOT_FOUND_PRERENDER_PATH = "/404";
