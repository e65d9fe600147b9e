import type { Route } from "./+types/signup";
import { SignupForm } from "../features/capture/signup-form";
import { LeadCaptureLayout } from "../features/site/lead-capture-layout";
import { PageHero } from "../features/site/page-hero";
import { pageMeta } from "../features/site/seo";
import { SIGNUP_BENEFITS, SIGNUP_FORM_COPY, SIGNUP_HERO, SIGNUP_INCLUDES, SIGNUP_SEO } from "../content/signup";

export const meta: Route.MetaFunction = () => pageMeta({ ...SIGNUP_SEO, path: "/signup" });

export default function SignupPage() {
  return (
    <>
      <PageHero {...SIGNUP_HERO} />
      <LeadCaptureLayout
        benefits={SIGNUP_BENEFITS}
        form={{ ...SIGNUP_FORM_COPY, element: <SignupForm /> }}
        included={SIGNUP_INCLUDES}
      />
    </>
  );
}
