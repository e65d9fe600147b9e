import { ButtonLink } from "../../components/ui/button";
import { GET_STARTED } from "../../content/navigation";
import { BrandLogo } from "./brand-logo";
import { PrimaryNavList } from "./primary-nav-list";

// The current page is styled from aria-current (set by NavLink when prerendering, then kept up to date by
// SiteHeader on client-side navigations), not from a class computed in JavaScript.
const navLink =
  "inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-medium transition-colors text-slate-700 " +
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 " +
  "not-aria-[current=page]:hover:bg-slate-100 not-aria-[current=page]:hover:text-slate-900 " +
  "aria-[current=page]:bg-brand-50 aria-[current=page]:font-semibold aria-[current=page]:text-brand-800";

/** The wordmark, the wide-screen links and Get Started: the header's static part. */
export function SiteHeaderLinksBody() {
  return (
    <>
      <BrandLogo />
      <PrimaryNavList
        label="Main"
        navClassName="hidden lg:block"
        listClassName="flex items-center gap-1"
        linkClassName={navLink}
      />
      {/* Wrapped because ButtonLink's own display class would fight a `hidden` passed to it. */}
      <div className="hidden lg:block">
        <ButtonLink to={GET_STARTED.to}>{GET_STARTED.label}</ButtonLink>
      </div>
    </>
  );
}
