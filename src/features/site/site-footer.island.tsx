import { Mail, MapPin, Phone } from "lucide-react";
import { Link } from "react-router";
import { buttonClasses } from "../../components/ui/button";
import { BRAND } from "../../config/brand";
import { ADMIN_LOGIN, FOOTER_COLUMNS } from "../../content/navigation";
import { BrandLogo } from "./brand-logo";
import { PhoneLink } from "./phone-link";

const footerLink =
  "inline-flex min-h-8 items-center rounded text-slate-300 hover:text-white " +
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white";

export function SiteFooterBody() {
  return (
    <footer className="bg-slate-900 text-slate-300">
      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:px-8">
        <div className="grid gap-10 md:grid-cols-2 lg:grid-cols-5">
          <div className="lg:col-span-2">
            <BrandLogo inverse />
            <p className="mt-4 max-w-sm text-sm leading-6">{BRAND.tagline}.</p>
            <ul className="mt-6 space-y-2 text-sm">
              <li className="flex items-center gap-2">
                <Mail aria-hidden="true" className="h-4 w-4 text-brand-500" />
                <a className={footerLink} href={`mailto:${BRAND.emails.hello}`}>
                  {BRAND.emails.hello}
                </a>
              </li>
              <li className="flex items-center gap-2">
                <Phone aria-hidden="true" className="h-4 w-4 text-brand-500" />
                <PhoneLink className={footerLink} />
              </li>
              <li className="flex items-center gap-2">
                <MapPin aria-hidden="true" className="h-4 w-4 text-brand-500" />
                <span>{BRAND.address}</span>
              </li>
            </ul>
          </div>
          {FOOTER_COLUMNS.map((column) => (
            <nav key={column.heading} aria-label={column.heading}>
              <h2 className="text-sm font-semibold tracking-wide text-white uppercase">{column.heading}</h2>
              <ul className="mt-4 space-y-2 text-sm">
                {column.links.map((link) => (
                  <li key={link.label}>
                    <Link className={footerLink} to={link.to}>
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
        <div className="mt-12 flex flex-col-reverse items-start gap-4 border-t border-slate-700 pt-8 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm">
            © {BRAND.copyrightYear} {BRAND.legalName}. All rights reserved.
          </p>
          <Link to={ADMIN_LOGIN.to} className={buttonClasses({ variant: "inverseOutline" })}>
            {ADMIN_LOGIN.label}
          </Link>
        </div>
      </div>
    </footer>
  );
}
