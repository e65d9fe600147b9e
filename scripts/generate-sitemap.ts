// Writes public/sitemap.xml and public/robots.txt from the list of prerendered public paths.
// Run: npx tsx scripts/generate-sitemap.ts   (VITE_SITE_URL overrides the default origin)
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { PUBLIC_PATHS } from "../src/config/public-paths.ts";

// Node script, outside the app: src/config/env.ts reads import.meta.env, which only Vite provides.
const siteUrl = (process.env.VITE_SITE_URL || "https://erf.co.za").replace(/\/$/, "");
const publicDir = fileURLToPath(new URL("../public/", import.meta.url));

const priority = (path: string) => (path === "/" ? "1.0" : path === "/privacy" || path === "/terms" ? "0.3" : "0.8");

const urls = PUBLIC_PATHS.map(
  (path) => `  <url>\n    <loc>${siteUrl}${path}</loc>\n    <priority>${priority(path)}</priority>\n  </url>`,
).join("\n");

const sitemap = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;

const robots = `User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /api/\n\nSitemap: ${siteUrl}/sitemap.xml\n`;

writeFileSync(`${publicDir}sitemap.xml`, sitemap);
writeFileSync(`${publicDir}robots.txt`, robots);
console.log(
  `generate-sitemap: wrote ${PUBLIC_PATHS.length} URLs for ${siteUrl} to public/sitemap.xml and public/robots.txt`,
);
