import { BRAND } from "../config/brand";

// The result pages a form posted without JavaScript lands on once it is stored (/thanks/<kind>): the
// same words as the form's success toast (src/features/capture/messages.ts; a test holds them equal).
// Their own copy rather than an import of the toasts, which would split the forms' shared JavaScript
// into one more file on the home page.

export const FORM_SENT_COPY = {
  contact: {
    pageTitle: "Message sent",
    title: "Thank you for your message!",
    description: "We'll get back to you within 24 hours.",
  },
  signup: {
    pageTitle: "Request received",
    title: `Welcome to ${BRAND.name}! 🎉`,
    description: "We'll contact you soon with your personalized quote and next steps.",
  },
  demo: {
    pageTitle: "Demo requested",
    title: "Demo requested successfully! 🚀",
    description: "We'll contact you within 24 hours to schedule your personalized demo.",
  },
  newsletter: {
    pageTitle: "Subscribed",
    title: "Successfully subscribed! 📬",
    description: "You'll receive our latest updates and insights in your inbox.",
  },
} as const;

export type FormSentKind = keyof typeof FORM_SENT_COPY;
