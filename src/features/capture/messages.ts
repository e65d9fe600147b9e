import { BRAND } from "../../config/brand";
import type { ToastMessage } from "../../components/ui/toast";
import { FORM_FAILURES, type FormKind } from "../../domain/html-forms";
import { failureToast as failure, NEWSLETTER_TOASTS } from "./newsletter-messages";

// The forms' toast texts (docs/product.md, "The four forms"). The failures' words are shared with the
// server, which says them on the page it sends back to a form posted without JavaScript; the successes'
// are the result pages' too (src/content/form-sent.ts). The newsletter's are in newsletter-messages.ts.

export const SUBMISSION_TOASTS = {
  contact: {
    success: { title: "Thank you for your message!", description: "We'll get back to you within 24 hours." },
    failure: failure(FORM_FAILURES.contact),
  },
  signup: {
    success: {
      title: `Welcome to ${BRAND.name}! 🎉`,
      description: "We'll contact you soon with your personalized quote and next steps.",
    },
    failure: failure(FORM_FAILURES.signup),
  },
  demo: {
    success: {
      title: "Demo requested successfully! 🚀",
      description: "We'll contact you within 24 hours to schedule your personalized demo.",
    },
    failure: failure(FORM_FAILURES.demo),
  },
  newsletter: NEWSLETTER_TOASTS,
} satisfies Record<FormKind, { success: ToastMessage; failure: ToastMessage }>;
