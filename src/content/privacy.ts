import { BRAND } from "../config/brand";
import type { LegalDocument, SeoCopy } from "./types";

export const PRIVACY_SEO: SeoCopy = {
  title: "Privacy Notice",
  description: `How ${BRAND.legalName} collects, uses, shares and protects personal information under POPIA and the GDPR, and how to exercise your rights.`,
};

export const PRIVACY_NOTICE: LegalDocument = {
  title: "Privacy Notice",
  summary: `This notice explains how ${BRAND.legalName} ("${BRAND.name}", "we", "us") handles personal information when you visit our website, contact us, subscribe to our newsletter, request a demo or sign up for a trial. We process personal information in line with South Africa's Protection of Personal Information Act, 2013 (POPIA) and, where it applies, the EU General Data Protection Regulation (GDPR).`,
  lastUpdated: "2026-12-02",
  sections: [
    {
      id: "who-we-are",
      heading: "1. Who we are",
      blocks: [
        `${BRAND.legalName} is the responsible party (under POPIA) and controller (under the GDPR) for the personal information described in this notice. We are based in ${BRAND.address}.`,
        `Our Information Officer can be reached at ${BRAND.emails.privacy} or by phone on ${BRAND.phone}. Please use this address for any privacy question or request.`,
        "When our customers use the platform to manage their own tenants, owners or residents, the customer is the responsible party for that information and we process it on their behalf as an operator, under a written data processing agreement. Requests about that information should go to the property manager, landlord or association concerned; we will help them respond.",
      ],
    },
    {
      id: "information-we-collect",
      heading: "2. Information we collect",
      blocks: [
        {
          intro: "We collect only what we need for the purposes below:",
          list: [
            "Contact details you give us: first and last name, email address and phone number.",
            "Business details: company name, organisation type, number of properties and, for demo requests, your job title and current challenges.",
            "The content of messages you send us through the contact form or by email.",
            "Newsletter subscriptions: your email address, the date you subscribed and your subscription status.",
            "Where your visit came from, sent only with a form you submit: the campaign labels in the link you followed (utm_source, utm_medium, utm_campaign, utm_term and utm_content), whether that link carried an advertising click id (we keep only which kind, never its value), the website that linked to us (its address only, not the page), the first page you opened and the page you sent the form from.",
            "Technical information: IP address, browser type, device information and pages requested, recorded in our server logs for security and troubleshooting.",
            "Bot-protection signals: when enabled, our forms use Google reCAPTCHA or Cloudflare Turnstile (whichever we have switched on), which analyse browser and interaction data to tell people from automated abuse.",
            "A spam check on contact messages, signups and demo requests: a score kept with your submission, the names of the checks behind it (for example a throwaway email domain, links in the message, a form sent within seconds of being opened) and one-way fingerprints of your message and of the network address it came from, used only to spot the same text sent from many places. A submission marked as spam is kept for 30 days for our staff to review, then deleted unless they find it genuine.",
          ],
        },
        "We do not ask for special personal information (such as health, religious or biometric information) through the website, and we ask you not to include it in messages.",
      ],
    },
    {
      id: "purposes-and-lawful-basis",
      heading: "3. Why we use it and our lawful basis",
      blocks: [
        {
          list: [
            "To answer your enquiries and contact messages: to take steps you have asked for before a possible contract, and our legitimate interest in responding to people who contact us.",
            "To set up your free trial, schedule your demo and prepare a quote: to take steps at your request before entering into a contract, and to perform our contract with you.",
            "To send our newsletter and marketing emails: your consent, which you can withdraw at any time.",
            "To keep the website and our forms secure, prevent spam and fraud, and fix faults: our legitimate interest in protecting our services and users.",
            "To keep records and meet our legal, tax and regulatory obligations: compliance with the law.",
            "To learn which campaigns and websites bring us enquiries, from where the visit behind each form came from: our legitimate interest in spending our marketing budget well. It is stored once with your record, never used to follow you across other websites, and deleted with it.",
          ],
        },
        "Where we rely on legitimate interests, we have balanced them against your rights, and you may object at any time (see section 9).",
      ],
    },
    {
      id: "direct-marketing",
      heading: "4. Direct marketing: opt-in and opt-out",
      blocks: [
        "We send marketing emails only if you have opted in, for example by subscribing to our newsletter or ticking the marketing box on the signup form, or if you are an existing customer and the message is about similar products or services, as POPIA permits. Marketing boxes are never pre-ticked.",
        `Every marketing email includes an unsubscribe link. You can also opt out at any time by emailing ${BRAND.emails.privacy}. We will stop promptly and keep only the minimum record needed to make sure we do not contact you again.`,
        "We do not sell or rent your personal information to anyone.",
      ],
    },
    {
      id: "sharing",
      heading: "5. Who we share it with",
      blocks: [
        {
          intro: "We share personal information only where necessary, with:",
          list: [
            "Service providers (operators) who host our systems, deliver email and protect our forms from abuse, under written agreements that require them to keep it secure and confidential and to use it only on our instructions.",
            "Professional advisers, such as auditors and lawyers, under a duty of confidentiality.",
            "Regulators, courts or law-enforcement bodies where the law requires it.",
            "A buyer or successor if our business is sold or restructured, subject to the same protections.",
          ],
        },
      ],
    },
    {
      id: "cross-border",
      heading: "6. Transfers outside South Africa",
      blocks: [
        "Some of our service providers store or process information outside South Africa. We transfer personal information across borders only where the recipient is subject to a law, binding corporate rules or a binding agreement that gives it a level of protection substantially similar to POPIA (section 72 of POPIA), or where another ground in that section applies.",
        "For information covered by the GDPR, transfers outside the European Economic Area rely on an adequacy decision or on the European Commission's standard contractual clauses.",
      ],
    },
    {
      id: "retention",
      heading: "7. How long we keep it",
      blocks: [
        {
          list: [
            "Enquiries, demo requests and trial leads: up to 24 months after our last contact with you, unless you become a customer.",
            "Newsletter subscriptions: until you unsubscribe; we then keep your email address on a suppression list only so that we do not email you again.",
            "Customer account and billing records: for the life of the contract and then for as long as tax and company law requires, generally five years.",
            "Server and security logs: up to 90 days, unless needed to investigate an incident.",
          ],
        },
        "When information is no longer needed, we delete it, destroy it or de-identify it so it can no longer identify you.",
      ],
    },
    {
      id: "security",
      heading: "8. How we protect it",
      blocks: [
        "We use appropriate technical and organisational measures, including encryption in transit and at rest, role-based access, strong authentication for staff, logging and monitoring, regular backups and staff confidentiality obligations. Our controls are SOC 2 compliant.",
        "If a security compromise affects your personal information, we will notify the Information Regulator and you as POPIA requires, as soon as reasonably possible.",
      ],
    },
    {
      id: "your-rights",
      heading: "9. Your rights",
      blocks: [
        {
          intro: "Subject to the law, you have the right to:",
          list: [
            "Access: ask whether we hold personal information about you and request a copy of it.",
            "Correction: ask us to correct information that is inaccurate, out of date or incomplete.",
            "Deletion: ask us to delete or destroy information we are no longer authorised to keep.",
            "Objection: object to processing based on legitimate interests, and to direct marketing at any time.",
            "Withdraw consent: where we rely on consent, withdraw it at any time without affecting earlier processing.",
            "Under the GDPR, also restrict processing and receive your information in a portable format.",
            "Complain to a supervisory authority (see section 12).",
          ],
        },
        `To make a request, email ${BRAND.emails.privacy}. We may ask you to confirm your identity before acting, and we will respond within a reasonable time and in any event within 30 days. Access requests are free for the information we hold about you as a website visitor or lead. Requests may also be made in the forms prescribed under POPIA and PAIA.`,
      ],
    },
    {
      id: "cookies",
      heading: "10. Cookies and similar technologies",
      blocks: [
        "Our public website does not use advertising or cross-site tracking cookies. We use only what the site needs to work:",
        {
          list: [
            "Session storage in your browser to remember that you dismissed our promotional card during your visit; it is cleared when you close the browser.",
            "Session storage in your browser for where your visit came from (the campaign labels and first page described in section 2). Nothing leaves your browser unless you submit a form, and it is cleared when you close the tab. No cookie is set for it.",
            "A secure sign-in session for staff who use our admin area.",
            "When bot protection is enabled with Google reCAPTCHA, Google may set its own cookies to assess whether a form submission comes from a person; Google's privacy policy and terms apply to that service. Cloudflare Turnstile, when we use it instead, sets no cookies.",
          ],
        },
        "You can block or delete cookies in your browser settings; parts of the site, such as form protection, may then not work fully.",
      ],
    },
    {
      id: "children",
      heading: "11. Children",
      blocks: [
        "Our website and services are intended for businesses and adults. We do not knowingly collect personal information from children under 18. If you believe a child has given us information, please contact us and we will delete it.",
      ],
    },
    {
      id: "complaints",
      heading: "12. Complaints",
      blocks: [
        `If you are unhappy with how we have handled your personal information, please contact our Information Officer first at ${BRAND.emails.privacy} so we can try to put it right.`,
        "You also have the right to lodge a complaint with the Information Regulator (South Africa) using the complaint form and contact details published on its website, inforegulator.org.za. If you are in the European Economic Area, you may complain to the data protection authority in the country where you live or work.",
      ],
    },
    {
      id: "changes",
      heading: "13. Changes to this notice",
      blocks: [
        "We may update this notice from time to time. The date at the top shows when it last changed; if a change is significant we will tell you by email or with a notice on the website before it takes effect.",
      ],
    },
  ],
};
