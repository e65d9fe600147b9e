import type { Route } from "./+types/terms";
import { LegalDocumentView } from "../features/site/legal/legal-document-view";
import { pageMeta } from "../features/site/seo";
import { TERMS_OF_SERVICE, TERMS_SEO } from "../content/terms";

export const meta: Route.MetaFunction = () => pageMeta({ ...TERMS_SEO, path: "/terms" });

export default function TermsPage() {
  return <LegalDocumentView document={TERMS_OF_SERVICE} />;
}
