import { Link } from "react-router";
import { BRAND } from "../../config/brand";

/** The notice at collection (POPIA section 18), shown on every form. */
export function PrivacyNotice() {
  return (
    <p className="text-sm text-slate-600">
      {BRAND.name} uses these details only to answer you. See our{" "}
      <Link to="/privacy" className="font-medium text-brand-700 underline underline-offset-2">
        privacy notice
      </Link>
      .
    </p>
  );
}
