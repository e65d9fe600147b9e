import { describe, expect, it } from "vitest";
import { contactInput, demoInput, fieldErrors, leadInput, newsletterInput, signupInput } from "./schemas";

const contact = {
  firstName: "Naledi",
  lastName: "Dlamini",
  email: "Naledi@Example.co.za",
  phone: "",
  message: "Hello",
};
const signup = {
  type: "signup",
  firstName: "Pieter",
  lastName: "van Wyk",
  email: "pieter@example.com",
  phone: "+27 82 123 4567",
  companyName: "Karoo Rentals",
  organizationType: "landlord",
  propertyCount: "6-20",
  marketingOptIn: false,
  termsAccepted: true,
};
const demo = {
  type: "demo",
  firstName: "Amina",
  lastName: "Okafor",
  email: "amina@example.ng",
  phone: "0821234567",
  companyName: "Lagos Estates",
  organizationType: "investor",
  propertyCount: "51-200",
};

describe("contactInput", () => {
  it("accepts a valid message, lower-cases the email and keeps an empty phone", () => {
    const parsed = contactInput.parse(contact);
    expect(parsed.email).toBe("naledi@example.co.za");
    expect(parsed.phone).toBe("");
  });

  it("names every missing required field", () => {
    const result = contactInput.safeParse({});
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(Object.keys(fieldErrors(result.error)).sort()).toEqual(["email", "firstName", "lastName", "message"]);
    }
  });

  it("rejects forged server fields as unknown", () => {
    const result = contactInput.safeParse({ ...contact, status: "closed", createdAt: "2020-01-01" });
    expect(result.success).toBe(false);
    if (!result.success)
      expect(fieldErrors(result.error)).toMatchObject({ status: "Unknown field", createdAt: "Unknown field" });
  });

  it("enforces the length bounds", () => {
    expect(contactInput.safeParse({ ...contact, firstName: "x".repeat(101) }).success).toBe(false);
    expect(contactInput.safeParse({ ...contact, firstName: "x".repeat(100) }).success).toBe(true);
    expect(contactInput.safeParse({ ...contact, message: "x".repeat(5001) }).success).toBe(false);
    expect(contactInput.safeParse({ ...contact, phone: "1".repeat(33) }).success).toBe(false);
  });

  it("rejects whitespace-only required fields and bad emails", () => {
    expect(contactInput.safeParse({ ...contact, message: "   " }).success).toBe(false);
    expect(contactInput.safeParse({ ...contact, email: "not-an-email" }).success).toBe(false);
  });
});

describe("leadInput", () => {
  it("accepts a signup and a demo request", () => {
    expect(leadInput.parse(signup).type).toBe("signup");
    const parsed = leadInput.parse(demo);
    expect(parsed.type).toBe("demo");
    if (parsed.type === "demo") expect(parsed.challenges).toBe("");
  });

  it("keeps each form to its own option list", () => {
    expect(signupInput.safeParse({ ...signup, organizationType: "investor" }).success).toBe(false);
    expect(demoInput.safeParse({ ...demo, propertyCount: "6-20" }).success).toBe(false);
    expect(signupInput.safeParse({ ...signup, propertyCount: "500+" }).success).toBe(false);
  });

  it("requires the terms to be accepted on signup and a phone on demo", () => {
    expect(signupInput.safeParse({ ...signup, termsAccepted: false }).success).toBe(false);
    expect(demoInput.safeParse({ ...demo, phone: "" }).success).toBe(false);
  });

  it("rejects an unknown type", () => {
    expect(leadInput.safeParse({ ...signup, type: "contact" }).success).toBe(false);
  });
});

describe("newsletterInput", () => {
  it("accepts an email with or without a token, and no token as null", () => {
    expect(newsletterInput.parse({ email: "a@b.co" }).email).toBe("a@b.co");
    expect(newsletterInput.parse({ email: "a@b.co", recaptchaToken: null }).recaptchaToken).toBeNull();
  });

  it("rejects an email over 254 characters", () => {
    expect(newsletterInput.safeParse({ email: `${"a".repeat(250)}@b.co` }).success).toBe(false);
  });
});

describe("consent fields", () => {
  it("accept the wording versions the server knows for each purpose, and a plain page path", async () => {
    const { CONSENT_WORDING } = await import("./consent");
    expect(
      newsletterInput.parse({
        email: "a@example.com",
        consentVersion: CONSENT_WORDING.newsletter.version,
        sourcePath: "/faqs",
      }),
    ).toMatchObject({
      consentVersion: CONSENT_WORDING.newsletter.version,
      sourcePath: "/faqs",
    });
    expect(signupInput.safeParse({ ...signup, consentVersion: CONSENT_WORDING.marketing.version }).success).toBe(true);
    expect(signupInput.safeParse({ ...signup, consentVersion: CONSENT_WORDING.newsletter.version }).success).toBe(
      false,
    );
    expect(newsletterInput.safeParse({ email: "a@example.com", consentVersion: "v0" }).success).toBe(false);
    expect(newsletterInput.safeParse({ email: "a@example.com", sourcePath: "https://erf.co.za/" }).success).toBe(false);
    expect(newsletterInput.safeParse({ email: "a@example.com", sourcePath: `/${"x".repeat(300)}` }).success).toBe(
      false,
    );
  });

  it("stay optional, so API clients without them still work", () => {
    expect(newsletterInput.safeParse({ email: "a@example.com" }).success).toBe(true);
    expect(signupInput.safeParse(signup).success).toBe(true);
  });
});
