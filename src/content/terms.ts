import { BRAND } from "../config/brand";
import type { LegalDocument, SeoCopy } from "./types";

export const TERMS_SEO: SeoCopy = {
  title: "Terms of Service",
  description: `The terms that apply when you use the ${BRAND.name} website and property management platform, including free trials, billing, acceptable use and data.`,
};

export const TERMS_OF_SERVICE: LegalDocument = {
  title: "Terms of Service",
  summary: `These terms form an agreement between you and ${BRAND.legalName} ("${BRAND.name}", "we", "us") about your use of our website and our property management platform (the "Service"). By creating an account, starting a trial or using the Service, you accept them. If you accept on behalf of a business, you confirm that you may bind it.`,
  lastUpdated: "2024-11-01",
  sections: [
    {
      id: "the-service",
      heading: "1. The Service",
      blocks: [
        "The Service is cloud software for managing rental properties and community associations, including portfolio records, rent and levy billing, collections, tenant screening, maintenance, portals, reporting and integrations. Features differ by plan and may improve over time; we will not materially reduce the core features of a paid plan during a paid term.",
      ],
    },
    {
      id: "accounts",
      heading: "2. Accounts",
      blocks: [
        "You must be at least 18 and give accurate registration details. Keep your sign-in details confidential and tell us immediately if you suspect unauthorised use. You are responsible for activity under your account and for the users you invite.",
      ],
    },
    {
      id: "free-trial",
      heading: "3. Free trial",
      blocks: [
        "New customers may use the Service free for 30 days. No credit card is required to start. At the end of the trial you may choose a paid plan; if you do not, your account becomes inactive and we delete trial data 30 days later unless you ask us to export it first.",
      ],
    },
    {
      id: "fees",
      heading: "4. Plans, fees and billing",
      blocks: [
        {
          list: [
            "Fees are set out in your quote or plan and are payable monthly or annually in advance. Prices are in South African rand and exclude VAT unless stated otherwise.",
            "There are no setup fees on standard plans. Data migration or custom work for enterprise plans is quoted in writing before it starts.",
            "You may upgrade or downgrade at any time. Plan changes are prorated for the rest of the billing period.",
            "We may change our prices on at least 30 days' written notice; changes apply from your next billing period.",
            "If an invoice is unpaid 14 days after its due date, we may suspend the Service after giving you notice.",
          ],
        },
      ],
    },
    {
      id: "acceptable-use",
      heading: "5. Acceptable use",
      blocks: [
        {
          intro: "You must not:",
          list: [
            "break any law, including POPIA, consumer, rental housing and anti-spam laws, through the Service;",
            "upload content you have no right to use, or malicious code;",
            "try to gain unauthorised access to the Service or other customers' data, or test its security without our written permission;",
            "overload, disrupt, copy, resell or reverse engineer the Service, except as the law allows.",
          ],
        },
      ],
    },
    {
      id: "your-data",
      heading: "6. Your data",
      blocks: [
        "You own the data you put into the Service, including information about your tenants, owners and residents. You are the responsible party for that personal information and must have a lawful basis to process it; we process it as your operator, only on your instructions and under our data processing terms, as described in our Privacy Notice.",
        "You may export your data at any time while your account is active and for 30 days after it ends. After that we delete it from live systems, and from backups within their normal rotation, unless the law requires us to keep it.",
      ],
    },
    {
      id: "integrations",
      heading: "7. Third-party services",
      blocks: [
        "The Service can connect to accounting packages, banks, payment gateways, credit bureaus and other third-party services you choose to use. Those services are governed by their own terms, and we are not responsible for them; we only exchange data with them on your instructions.",
      ],
    },
    {
      id: "availability",
      heading: "8. Availability and support",
      blocks: [
        `We aim for 99.9% monthly uptime, excluding scheduled maintenance that we announce in advance and events outside our reasonable control. Support is available ${BRAND.hours}, through ${BRAND.emails.support} and the channels listed on our contact page.`,
      ],
    },
    {
      id: "ai-and-figures",
      heading: "9. AI features and illustrative figures",
      blocks: [
        "AI features suggest, forecast and draft; they can be wrong. Review their output before relying on it, particularly before sending messages or taking action against a tenant. Figures on our marketing pages are illustrative and are not live data or a promise of results.",
      ],
    },
    {
      id: "intellectual-property",
      heading: "10. Intellectual property",
      blocks: [
        `${BRAND.name}, the Service and our content belong to us or our licensors. We give you a non-exclusive, non-transferable right to use the Service for your business during your subscription. If you send us feedback, we may use it without obligation to you.`,
      ],
    },
    {
      id: "confidentiality",
      heading: "11. Confidentiality",
      blocks: [
        "Each party will keep the other's non-public information confidential, use it only for this agreement and protect it with at least reasonable care. This does not apply to information that is public through no fault of the receiving party or that must be disclosed by law.",
      ],
    },
    {
      id: "liability",
      heading: "12. Warranties and liability",
      blocks: [
        "We provide the Service with reasonable care and skill. Apart from that, and to the extent the law allows, the Service is provided without other warranties. Nothing in these terms limits rights you have under the Consumer Protection Act, 2008 where it applies to you.",
        "To the extent the law allows, neither party is liable for indirect or consequential loss, or loss of profit, and our total liability in any 12-month period is limited to the fees you paid us in that period. These limits do not apply to fraud, gross negligence or wilful misconduct.",
      ],
    },
    {
      id: "termination",
      heading: "13. Term and termination",
      blocks: [
        "Monthly plans renew each month and annual plans each year until cancelled. You may cancel at any time from your account or by emailing us; cancellation takes effect at the end of the current billing period. Either party may end the agreement immediately if the other materially breaches it and does not fix the breach within 14 days of written notice.",
      ],
    },
    {
      id: "changes",
      heading: "14. Changes to these terms",
      blocks: [
        "We may update these terms. We will give at least 30 days' notice of material changes by email or in the Service. If you do not agree, you may cancel before the change takes effect.",
      ],
    },
    {
      id: "law",
      heading: "15. Governing law",
      blocks: [
        "These terms are governed by the laws of the Republic of South Africa. The parties submit to the jurisdiction of the High Court of South Africa, Western Cape Division, Cape Town, without affecting any right you may have to approach another forum under consumer law.",
      ],
    },
    {
      id: "contact",
      heading: "16. Contact",
      blocks: [
        `${BRAND.legalName}, ${BRAND.address}. Email ${BRAND.emails.hello} or call ${BRAND.phone}. Privacy questions: ${BRAND.emails.privacy}.`,
      ],
    },
  ],
};
