import { data } from "react-router";
import type { Route } from "./+types/thanks";
import { FormSent, isFormKind } from "../features/capture/form-sent";
import { pageMeta } from "../features/site/seo";
import { FORM_SENT_COPY } from "../content/form-sent";

// /thanks/contact, /thanks/signup, /thanks/demo, /thanks/newsletter: prerendered (react-router.config.ts).

export const meta: Route.MetaFunction = ({ params }) =>
  isFormKind(params.kind)
    ? pageMeta({
        title: FORM_SENT_COPY[params.kind].pageTitle,
        description: FORM_SENT_COPY[params.kind].description,
        path: `/thanks/${params.kind}`,
        noindex: true,
      })
    : [];

export default function ThanksPage({ params }: Route.ComponentProps) {
  if (!isFormKind(params.kind)) throw data("Not found", { status: 404 });
  return <FormSent kind={params.kind} />;
}
