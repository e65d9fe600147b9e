import { CONSENT_WORDING } from "../../src/domain/consent";
import type { ContactInput, SignupInput } from "../../src/domain/schemas";

// One visitor's valid contact message and signup, as the forms send them. The back-end contract, the
// Firestore rules and the browser suites start from these; each adds what it needs (a unique email, a
// token, the empty honeypot, a phone).

export const sampleContact = {
  firstName: "Naledi",
  lastName: "Dlamini",
  email: "naledi@example.co.za",
  phone: "",
  message: "We manage 40 units in Durban.",
} satisfies ContactInput;

export const sampleSignup = {
  type: "signup",
  firstName: "Pieter",
  lastName: "van Wyk",
  email: "pieter@example.com",
  phone: "+27 82 123 4567",
  companyName: "Karoo Rentals",
  organizationType: "landlord",
  propertyCount: "6-20",
  marketingOptIn: true,
  termsAccepted: true,
  consentVersion: CONSENT_WORDING.marketing.version,
  sourcePath: "/signup",
} satisfies SignupInput;
