import type { Route } from "./+types/privacy";
import { LegalDocumentView } from "../features/site/legal/legal-document-view";
import { pageMeta } from "../features/site/seo";
import { PRIVACY_NOTICE, PRIVACY_SEO } from "../content/privacy";

export const meta: Route.MetaFunction = () => pageMeta({ ...PRIVACY_SEO, path: "/privacy" });

export default function PrivacyPage() {
  return <LegalDocumentView document={PRIVACY_NOTICE} />;
}
