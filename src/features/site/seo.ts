import type { MetaDescriptor } from "react-router";
import { BRAND } from "../../config/brand";
import { clientEnv } from "../../config/env";

export interface PageMetaInput {
  /** The page's own name; the brand is appended ("About | Erf"). */
  title: string;
  description: string;
  /** Path of the page, starting with "/". */
  path: string;
  /** For pages that must not appear in search results (the 404 page). */
  noindex?: boolean;
}

/** An absolute URL on the public site, as crawlers and social cards require. */
export function absoluteUrl(path: string): string {
  return `${clientEnv.siteUrl}${path === "/" ? "/" : path}`;
}

// SVG because no raster tooling is available at build time; see the report for the PNG caveat.
export const OG_IMAGE_PATH = "/og-image.svg";

/** Title, description, canonical, Open Graph and Twitter tags for one page, for a route's `meta` export. */
export function pageMeta({ title, description, path, noindex = false }: PageMetaInput): MetaDescriptor[] {
  const fullTitle = `${title} | ${BRAND.name}`;
  const url = absoluteUrl(path);
  const image = absoluteUrl(OG_IMAGE_PATH);
  return [
    { title: fullTitle },
    { name: "description", content: description },
    ...(noindex
      ? [{ name: "robots", content: "noindex, follow" }]
      : [{ tagName: "link", rel: "canonical", href: url }]),
    { property: "og:site_name", content: BRAND.name },
    { property: "og:type", content: "website" },
    { property: "og:locale", content: "en_ZA" },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:type", content: "image/svg+xml" },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { property: "og:image:alt", content: `${BRAND.name}: ${BRAND.tagline}` },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:site", content: BRAND.social.twitter },
    { name: "twitter:title", content: fullTitle },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
  ];
}
