import { BRAND } from "../../config/brand";
import { clientEnv } from "../../config/env";

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
const json = JSON.stringify(organization).replace(/</g, "\\u003c");

/** Organization structured data. It is data, not code, so the CSP's script hashes are not involved in running it. */
export function OrganizationJsonLd() {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
