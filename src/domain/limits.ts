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
  /** The signed render stamp a form sends back: 13 digits, a dot, 43 characters of HMAC. */
  renderStamp: 100,
  /** A page path sent with a consent (sourcePath). */
  path: 300,
  /** A campaign label from a link (utm_source=...), as attribution keeps it. */
  tag: 100,
  /** Another site's origin (https://example.com), the referrer attribution keeps. */
  origin: 200,
  /** Largest request body the public API reads, in bytes. */
  bodyBytes: 32 * 1024,
} as const;

/** The hidden honeypot field; a filled one marks the submission as a bot's. */
export const HONEYPOT_FIELD = "website";
