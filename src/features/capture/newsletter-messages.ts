import type { ToastMessage } from "../../components/ui/toast";
import { FORM_FAILURES } from "../../domain/html-forms";

// The newsletter boxes' toasts, part of SUBMISSION_TOASTS (messages.ts) but a module of their own: the home
// page's boxes load these without the other forms' texts.

export const failureToast = (description: string): ToastMessage => ({
  title: "Error",
  description,
  variant: "destructive",
});

export const NEWSLETTER_TOASTS = {
  success: {
    title: "Successfully subscribed! 📬",
    description: "You'll receive our latest updates and insights in your inbox.",
  },
  failure: failureToast(FORM_FAILURES.newsletter),
} satisfies { success: ToastMessage; failure: ToastMessage };
