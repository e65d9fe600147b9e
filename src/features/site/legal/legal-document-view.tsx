import { LegalDocumentViewBody } from "./legal-document-view.island";
import { staticIsland } from "../static-island";

/** A legal document: privacy notice or terms (HTML only: static-island.tsx). */
export const LegalDocumentView = staticIsland("legal-document", import.meta.env.SSR ? LegalDocumentViewBody : null);
