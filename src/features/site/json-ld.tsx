import { BRAND } from "../../config/brand";
import { clientEnv } from "../../config/env";

function organizationJson(): string {
  const organization = {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: BRAND.name,
    legalName: BRAND.legalName,
    description: BRAND.description,
    url: `${clientEnv.siteUrl}/`,
    logo: `${clientEnv.siteUrl}/favicon.svg`,
    email: BRAND.emails.hello,
    telephone: BRAND.phone,
    founder: { "@type": "Person", name: BRAND.founder.name, jobTitle: BRAND.founder.title },
    address: { "@type": "PostalAddress", addressLocality: "Cape Town", addressCountry: "ZA" },
    contactPoint: [
      { "@type": "ContactPoint", contactType: "customer support", email: BRAND.emails.support, telephone: BRAND.phone },
      { "@type": "ContactPoint", contactType: "sales", email: BRAND.emails.sales, telephone: BRAND.phone },
    ],
  };
  // "<" is escaped so no string in the data can close the script element early.
  return JSON.stringify(organization).replace(/</g, "\\u003c");
}

// Crawlers read the prerendered HTML, and the layout that renders this is always hydrated from it, never
// mounted fresh in the browser; hydration leaves `dangerouslySetInnerHTML` content alone, so the browser
// build keeps the JSON as it is and ships none of it.
const json = import.meta.env.SSR ? organizationJson() : "";

/** Organization structured data. It is data, not code, so the CSP's script hashes are not involved in running it. */
export function OrganizationJsonLd() {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} suppressHydrationWarning />;
}
