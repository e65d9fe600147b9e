// Bounds shared by the forms (maxLength), the server and the Firestore rules.
export const LIMITS = {
  name: 100,
  email: 254,
  phone: 32,
  company: 200,
  jobTitle: 100,
  message: 5_000,
  challenges: 5_000,
  recaptchaToken: 4_096,
  /** A page path sent with a consent (sourcePath). */
  path: 300,
  /** Largest request body the public API reads, in bytes. */
  bodyBytes: 32 * 1024,
} as const;

/** The hidden honeypot field; a filled one marks the submission as a bot's. */
export const HONEYPOT_FIELD = "website";
