import { Outlet, useLocation } from "react-router";
import { OrganizationJsonLd } from "../features/site/json-ld";
import { ScrollToTop } from "../features/site/scroll-to-top";
import { SiteFooter } from "../features/site/site-footer";
import { SiteHeader } from "../features/site/site-header";
import { SkipLink } from "../features/site/skip-link";

export default function SiteLayout() {
  const { pathname } = useLocation();
  return (
    <>
      <SkipLink />
      <ScrollToTop />
      <SiteHeader />
      {/* tabIndex lets the skip link move keyboard focus, not just the viewport, into the content. */}
      <main id="main" tabIndex={-1} className="pt-16 focus:outline-none">
        {/* Keyed on the pathname so each page replays the fade-in (reduced motion is handled in app.css). */}
        <div key={pathname} className="page-fade-in">
          <Outlet />
        </div>
      </main>
      <SiteFooter />
      <OrganizationJsonLd />
    </>
  );
}
