import { BRAND } from "../../config/brand";
import type { ToastMessage } from "../../components/ui/toast";

// The forms' toast texts (docs/product.md, "The four forms").

const failure = (description: string): ToastMessage => ({ title: "Error", description, variant: "destructive" });

export const SUBMISSION_TOASTS = {
  contact: {
    success: { title: "Thank you for your message!", description: "We'll get back to you within 24 hours." },
    failure: failure("Failed to send message. Please try again."),
  },
  signup: {
    success: {
      title: `Welcome to ${BRAND.name}! 🎉`,
      description: "We'll contact you soon with your personalized quote and next steps.",
    },
    failure: failure("Failed to create account. Please try again."),
  },
  demo: {
    success: {
      title: "Demo requested successfully! 🚀",
      description: "We'll contact you within 24 hours to schedule your personalized demo.",
    },
    failure: failure("Failed to submit demo request. Please try again."),
  },
  newsletter: {
    success: {
      title: "Successfully subscribed! 📬",
      description: "You'll receive our latest updates and insights in your inbox.",
    },
    failure: failure("Failed to subscribe. Please try again."),
  },
} satisfies Record<string, { success: ToastMessage; failure: ToastMessage }>;
