// The request bodies the API description shows as examples: what the site's own forms send, every field
// present (a contract tool fuzzes only the fields an example has: scripts/api-contract.ts). Each must be
// accepted as it is.

const ATTRIBUTION = {
  utmSource: "newsletter",
  utmMedium: "email",
  utmCampaign: "winter-launch",
  utmTerm: "levy billing",
  utmContent: "header-link",
  clickId: "gclid",
  referrerOrigin: "https://www.google.com",
  landingPath: "/pricing",
  website: "",
};

export const CONTACT_EXAMPLE = {
  firstName: "Naledi",
  lastName: "Mokoena",
  email: "naledi@example.co.za",
  phone: "+27 82 555 0101",
  message: "Please call me about 40 units in Sandton.",
  sourcePath: "/contact",
  ...ATTRIBUTION,
};

/** A signup's own fields (the tests' valid signup too: server/test-support/app.ts). */
export const SIGNUP_FIELDS = {
  type: "signup",
  firstName: "Pieter",
  lastName: "van der Merwe",
  email: "pieter@example.co.za",
  companyName: "Karoo Rentals",
  organizationType: "landlord",
  propertyCount: "6-20",
  marketingOptIn: true,
  termsAccepted: true,
};

export const SIGNUP_EXAMPLE = { ...SIGNUP_FIELDS, sourcePath: "/signup", ...ATTRIBUTION };

export const NEWSLETTER_EXAMPLE = { email: "reader@example.com", sourcePath: "/", ...ATTRIBUTION };
